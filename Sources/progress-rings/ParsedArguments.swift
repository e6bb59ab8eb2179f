/// What a subcommand's arguments come to: the options to run with, or a message and a status to end with (its help,
/// its version, a usage error).
enum ParsedArguments<Options: Equatable>: Equatable {
    case run(Options)
    case exit(ExitStatus, message: String)

    /// Runs `command` with the options, or says the message the arguments ended with (help and version on standard
    /// output, a usage error on standard error) and gives its status.
    func run(_ command: (Options) -> ExitStatus) -> ExitStatus {
        switch self {
        case .run(let options):
            return command(options)
        case .exit(let status, let message):
            if status == .success { Console.out(message) } else { Console.error(message) }
            return status
        }
    }
}
