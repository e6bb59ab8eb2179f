import Glibc
import RingKit

/// Every command, in the order the usage lists them: a new command is one more entry.
let commands: [any Command.Type] = [
    ServeCommand.self, RenderCommand.self, CheckCommand.self, TokenCommand.self, SignCommand.self,
    PushCommand.self,
]

let usage = """
    usage: progress-rings <command> [options]

    commands:
    \(commands.map { "  " + $0.name.padding(to: 10) + $0.summary }.joined(separator: "\n"))

    options:
      -h, --help  show this help
      --version   show the version

    Run `progress-rings <command> --help` for the options of a command.
    """

@MainActor
func dispatch(_ arguments: [String]) -> ExitStatus {
    guard let first = arguments.first else {
        Console.error(usage)
        return .usage
    }
    switch first {
    case "-h", "--help", "help":
        Console.out(usage)
        return .success
    case "--version":
        Console.out("progress-rings \(ProgressRingsVersion.current)")
        return .success
    default:
        guard let command = commands.first(where: { $0.name == first }) else {
            Console.error("progress-rings: unknown command \(ParameterError.quoted(first))\n\n\(usage)")
            return .usage
        }
        return command.run(arguments: Array(arguments.dropFirst()))
    }
}

extension String {
    /// The string followed by spaces up to `width` characters, for aligned usage columns.
    fileprivate func padding(to width: Int) -> String {
        self + String(repeating: " ", count: Swift.max(1, width - count))
    }
}

exit(dispatch(Array(CommandLine.arguments.dropFirst())).rawValue)
