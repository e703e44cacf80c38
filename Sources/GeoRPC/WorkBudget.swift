import GeoCore

/// What is left of one line's ``RPCLimits/maxWork``, spent call by call in the order the calls appear.
///
/// The first call that does not fit, and every call after it in the same line, is refused with the
/// `maxWork` error and its own id; the calls before it were answered in full. Refused calls cost nothing,
/// but the budget stays closed, so what a batch gets never depends on how its later calls are sized.
///
/// After a stop signal the same charge is also taken from the ``StopAllowance`` shared by every line that
/// was read before the signal: a call the line's budget allows but the allowance does not is refused with
/// the shutdown error (``RPCError/shuttingDown(signal:)``) instead of running.
struct WorkBudget {
    let max: Int
    private(set) var remaining: Int
    private(set) var closed = false
    /// Set while answering the lines a stop signal left behind.
    private(set) var stopping: StopAllowance?

    init(max: Int, stopping: StopAllowance? = nil) {
        self.max = max
        remaining = max
        self.stopping = stopping
    }

    /// Takes `cost` from the budget (and from the stop allowance, when there is one).
    /// - Returns: nil when the call may run, else the error to answer it with.
    mutating func charge(_ cost: Int) -> RPCError? {
        if closed || cost > remaining {
            closed = true
            return .limitExceeded(LimitExceeded(limit: .work, max: max, found: cost, remaining: remaining))
        }
        if stopping != nil, !stopping!.take(cost) { return .shuttingDown(signal: stopping!.signal) }
        remaining -= cost
        return nil
    }
}

/// The work the server still does after a stop signal (SIGTERM, SIGINT, SIGHUP), for the complete lines
/// it had already read: one allowance for all of them, so that exiting takes bounded time.
///
/// Calls are charged their ``WorkCost`` estimate in the order they were read. Those that fit are answered
/// as usual; the first that does not, and every call after it, gets the shutdown error with its own id,
/// which costs nothing to produce (the id is known once the call is read). Lines that fail before running
/// anything (parse errors, limits, bad params) get their usual error.
public struct StopAllowance: Sendable {
    /// The signal that asked the server to stop; the shutdown error reports it.
    public let signal: Int32
    /// Units of ``WorkCost`` still allowed.
    public private(set) var remaining: Int
    /// True once a call did not fit: no later call runs.
    public private(set) var exhausted = false

    /// One second of estimated CPU: enough for thousands of ordinary calls, short enough that a client
    /// or a service manager waiting for the exit is not kept waiting (systemd's default stop timeout is 90 s).
    public static let defaultWork = 1_000_000

    public init(signal: Int32, work: Int = defaultWork) {
        self.signal = signal
        remaining = work
    }

    /// Takes `cost` if it fits and nothing was refused yet.
    /// - Returns: true when the call may run.
    mutating func take(_ cost: Int) -> Bool {
        if exhausted || cost > remaining {
            exhausted = true
            return false
        }
        remaining -= cost
        return true
    }
}
