/// The exit statuses every command uses, as the contract fixes them.
enum ExitStatus: Int32 {
    case success = 0
    /// The work failed: a file could not be written, an image could not be encoded.
    case failure = 1
    /// The command line was wrong: unknown command or option, missing argument, bad query.
    case usage = 2
}
