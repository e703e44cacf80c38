#!/usr/bin/env python3
"""Writes numbers.txt: JSON number literals and the bit pattern of the correctly rounded double for each.

Python's float() rounds correctly (round-half-to-even) for any length of input, so it is the oracle.
Each line is `<literal> <16 hex digits>`; lines starting with '#' are comments. The set is deterministic
(fixed seed) and mixes random values with the cases that break naive parsers: exact halfway points and
their neighbours, subnormals, the normal/subnormal boundary, 2^53 +- 1, 17-25 digit mantissas, very long
mantissas, and huge or tiny exponents.

Usage: python3 make_numbers.py > numbers.txt
"""

import random
import re
import struct
from fractions import Fraction

JSON_NUMBER = re.compile(r"-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?\Z")
rng = random.Random(20240607)
out = []


def bits(x):
    return struct.unpack(">Q", struct.pack(">d", x))[0]


def from_bits(b):
    return struct.unpack(">d", struct.pack(">Q", b))[0]


def add(literal, comment=None):
    assert JSON_NUMBER.match(literal), literal
    if comment:
        out.append("# " + comment)
    out.append(f"{literal} {bits(float(literal)):016x}")


def exact_decimal(fraction):
    """The exact decimal expansion of a dyadic rational (denominator a power of two)."""
    num, den = fraction.numerator, fraction.denominator
    sign = "-" if num < 0 else ""
    num = abs(num)
    k = den.bit_length() - 1
    assert den == 1 << k
    scaled = num * 5 ** k  # num / 2^k = num * 5^k / 10^k
    digits = str(scaled)
    if k == 0:
        return sign + digits
    digits = digits.rjust(k + 1, "0")
    text = digits[:-k] + "." + digits[-k:]
    return sign + text.rstrip("0").rstrip(".")


def random_finite(low_exp=0, high_exp=2046):
    exponent = rng.randint(low_exp, high_exp)
    mantissa = rng.getrandbits(52)
    return from_bits(exponent << 52 | mantissa)


def with_sign(text):
    return "-" + text if rng.random() < 0.25 else text


# 1. Random doubles in their shortest round-trip form (mostly Eisel-Lemire territory).
for _ in range(4000):
    add(with_sign(repr(random_finite(1, 2046))))

# 2. The same kind of values written with 17, 20 and 25 significant digits.
for digits in (16, 19, 24):
    for _ in range(1200):
        add(with_sign(f"{random_finite(1, 2046):.{digits}e}"))

# 3. Exact halfway points between neighbouring doubles, and the decimals just above and below them.
def halfway_cases(count, low_exp, high_exp):
    for _ in range(count):
        x = random_finite(low_exp, high_exp)
        nxt = from_bits(bits(x) + 1)
        if nxt == float("inf"):
            continue
        mid = (Fraction(x) + Fraction(nxt)) / 2
        text = exact_decimal(mid)
        add(text)
        # Nudge the last digit region: append a trailing 1 (just above) and subtract one unit in a far digit.
        if "." in text:
            add(text + "1")
            add(text + "0000000000000000000001")
        else:
            add(text + ".0000000000000000000001")
        lower = mid - Fraction(1, 10 ** 30) * (mid if mid < 1 else 1)
        add(exact_decimal_truncated(lower, 40))


def exact_decimal_truncated(value, fraction_digits):
    """`value` (positive) rounded down to `fraction_digits` decimals past its leading digit, as text."""
    if value >= 1:
        integer = value.numerator // value.denominator
        rest = value - integer
        scale = 10 ** fraction_digits
        frac = (rest * scale).numerator // (rest * scale).denominator
        return f"{integer}.{str(frac).rjust(fraction_digits, '0')}"
    # Scientific form for small values: d.ddd...e-N
    exponent = 0
    while value * 10 ** (-exponent) < 1:
        exponent -= 1
    mant = value * 10 ** (-exponent)
    scale = 10 ** fraction_digits
    m = (mant * scale).numerator // (mant * scale).denominator
    s = str(m)
    return f"{s[0]}.{s[1:]}e{exponent}"


halfway_cases(1500, 1023 - 60, 1023 + 60)   # moderate magnitudes (short-ish exact expansions)
halfway_cases(150, 1023 + 60, 2046)         # large: long integers
halfway_cases(150, 1, 1023 - 60)            # small: long fractions

# 4. Subnormals: random ones, their halfway points, and the boundary with the normals.
for _ in range(1500):
    add(with_sign(repr(from_bits(rng.getrandbits(52) | 1))))
for _ in range(150):
    b = rng.getrandbits(52)
    mid = (Fraction(from_bits(b)) + Fraction(from_bits(b + 1))) / 2
    add(exact_decimal(mid))
    add(exact_decimal_truncated(mid, 25))
for text in [
    "5e-324", "4.9406564584124654e-324", "2.4703282292062327e-324", "2.4703282292062328e-324",
    "2.47032822920623272088e-324", "2.4703282292062327208828439643411068618252990130716238221279284125033775363510437593264991818081799618989828234772285886546332835517796989819938739800539093906315035659515570226392290858392449105184435931802849936536152500319370457678249219365623669863658480757001585769269903706311928279558551332927834338409351978015531246597263579574622766465272827220056374006485499977096599470454020828166226237857393450736339007967761930577506740176324673600968951340535537458516661134223766678604162159680461914467291840300530057530849048765391711386591646239524912623653881879636239373280423891018672348497668235089863388587925628302755995657524455507255189313690836254779186948667994968324049705821028513185451396213837722826145437693412532098591327667236328125e-324",
    "2.2250738585072011e-308", "2.2250738585072012e-308", "2.2250738585072014e-308", "2.2250738585072009e-308",
    "2.225073858507201136057409796709131975934819546351645648023426109724822222021076945516529523908135087914149158913039621106870086438694594645527657207407820621743379988141063267329253552286881372149012981122451451889849057222307285255133155755015914397476397983411801999323962548289017107081850690630666655994938275772572015763062690663332647565300009245888316433037779791869612049497390377829704905051080609940730262937128958950003583799967207254304360284078895771796150945516748243471030702609144621572289880258182545180325707018860872113128079512233426288368622321503775666622503982534335974568884423900265498198385487948292206894721689831099698365846814022854243330660339850886445804001034933970427567186443383770486037861622771738545623065874679014086723327636718749999e-308",
    "1.7976931348623157e308", "1.7976931348623158e308", "1.797693134862315807e308",
    "1.7976931348623159e308", "1.79769313486231580793728971405301e308", "1.79769313486231580793728971405302e308",
    "1e308", "1e309", "1e-320", "1e-324", "3e-324", "1e-400", "1e400", "-1e400", "-1e-400",
    "0", "-0", "0.0", "-0.0", "0e0", "0E+0", "0e-0", "0.000000000000000000000000000000000000000000e999999999",
    "0e99999999999999999999999999", "1e100000000000", "1e-100000000000", "-1e100000000000",
    "123456789e-100000000000000000000", "0.000001e+100000000000",
    "1e-00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000001",
    "1E22", "1e23", "1E+23", "9007199254740993e-22", "1e-22", "1.0e-23",
]:
    add(text)

# 5. Integers around powers of two, where the 53-bit mantissa runs out.
for power in (53, 54, 55, 62, 63, 64, 65, 70, 80, 100, 127, 128, 200, 500, 1000, 1023, 1024):
    base = 2 ** power
    for delta in (-3, -2, -1, 0, 1, 2, 3):
        add(str(base + delta))
        add(str(base + delta) + ".5")
        add(str(base + delta) + ".0000000000000000000000000000000000001")
        add(str(base + delta) + "0e-1")
for digits in range(15, 26):
    add("9" * digits)
    add("1" + "0" * (digits - 1))
    add("1" + "0" * (digits - 2) + "1")

# 6. Random mantissas of 17 to 25 digits with random decimal points and exponents.
for _ in range(3000):
    length = rng.randint(17, 25)
    digits = str(rng.randint(1, 9)) + "".join(rng.choice("0123456789") for _ in range(length - 1))
    point = rng.randint(1, length)
    exponent = rng.randint(-345, 310)
    text = digits[:point] + ("." + digits[point:] if point < length else "")
    add(with_sign(f"{text}e{exponent}"))

# 7. Clinger's range and its edges: up to 15 digits, |exponent| <= 22 (and a bit beyond).
for _ in range(1500):
    mantissa = rng.randint(1, 2 ** 53)
    exponent = rng.randint(-25, 40)
    add(with_sign(f"{mantissa}e{exponent}"))

# 8. Long mantissas: 30 to 1200 digits, including digit strings that agree with a halfway point for
#    hundreds of digits and then differ.
for _ in range(300):
    length = rng.randint(30, 1200)
    digits = str(rng.randint(1, 9)) + "".join(rng.choice("0123456789") for _ in range(length - 1))
    exponent = rng.randint(-340 - length, 300 - length)
    add(f"{digits}e{exponent}")
for _ in range(100):
    x = random_finite(900, 1150)
    mid = (Fraction(x) + Fraction(from_bits(bits(x) + 1))) / 2
    text = exact_decimal(mid)
    add(text + "0" * rng.randint(1, 600) + "1")  # a hair above the tie
    add(text + "0" * rng.randint(1, 600))         # the tie itself, padded

# 9. Fractions with many leading zeros, and plain decimals people write.
for _ in range(600):
    zeros = rng.randint(1, 330)
    add("0." + "0" * zeros + str(rng.randint(1, 10 ** rng.randint(1, 20))))
for _ in range(1200):
    add(with_sign(f"{rng.uniform(0, 180):.{rng.randint(1, 17)}f}"))

print("# Generated by make_numbers.py (Python float() is the oracle). Format: literal hexbits")
print("\n".join(out))
