/*
 * Dependent random reads in tables of 256 KB to 32 MB: the latency a lookup pays for each level of the
 * index that is not in cache. Why near-border lookups stop near 4 M/s on this machine is in BENCHMARKS.md
 * ("Issue 4e"). Build and run:  cc -O2 -o /tmp/memory-latency scripts/memory-latency.c && /tmp/memory-latency
 * THP=1 in the environment asks for transparent huge pages (separates TLB misses from cache misses).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <time.h>

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

int main(void) {
    const size_t sizes[] = {256 << 10, 512 << 10, 1 << 20, 2 << 20, 4 << 20, 8 << 20, 16 << 20, 32 << 20};
    for (int s = 0; s < 8; s++) {
        size_t lines = sizes[s] / 64, bytes = ((sizes[s] + (2 << 20) - 1) >> 21) << 21;
        uint64_t *table = aligned_alloc(2 << 20, bytes);
        size_t *order = malloc(lines * sizeof *order);
        if (!table || !order) return 1;
        if (getenv("THP")) madvise(table, bytes, MADV_HUGEPAGE);
        /* One cycle through every cache line in random order, so each read depends on the one before. */
        for (size_t i = 0; i < lines; i++) order[i] = i;
        uint64_t state = 12345;
        for (size_t i = lines - 1; i > 0; i--) {
            state = state * 6364136223846793005u + 1442695040888963407u;
            size_t j = (size_t)(state >> 33) % (i + 1), t = order[i];
            order[i] = order[j];
            order[j] = t;
        }
        for (size_t i = 0; i < lines; i++) table[order[i] * 8] = order[(i + 1) % lines] * 8;
        const int reads = 2000000;
        size_t p = 0;
        double t0 = now();
        for (int i = 0; i < reads; i++) p = table[p];
        double ns = (now() - t0) / reads * 1e9;
        printf("%6zu KB: %6.1f ns per dependent random read%s\n", sizes[s] >> 10, ns, p == 1 ? " " : "");
        free(table);
        free(order);
    }
    return 0;
}
