/// A subcommand of `progress-rings`, chosen by its first argument.
protocol Command {
    /// The word that selects it, e.g. `render`.
    static var name: String { get }
    /// One line for the top-level usage.
    static var summary: String { get }
    /// Runs with the arguments after the command's name. Handles its own `--help` and `--version`.
    static func run(arguments: [String]) -> ExitStatus
}

extension Command {
    /// A usage error's text: what is wrong, and where the usage is.
    static func usageError(_ message: String) -> String {
        "progress-rings \(name): \(message)\nRun `progress-rings \(name) --help` for usage."
    }
}
