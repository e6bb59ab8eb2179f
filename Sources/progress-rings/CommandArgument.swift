import RingKit

/// One argument of a subcommand's command line, as `check` and `render` read it: `--name=value` is `--name` with its
/// value attached, the same as the two words `--name value`.
struct CommandArgument {
    /// The option's name (`--url`), or the whole argument when nothing is attached.
    let name: String
    /// The value after `=` in `--name=value`; nil when the value, if any, is the next argument.
    let attached: String?

    init(_ argument: String) {
        if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
            name = String(argument[..<equals])
            attached = String(argument[argument.index(after: equals)...])
        } else {
            name = argument
            attached = nil
        }
    }

    /// What every subcommand answers to `-h` or `--help` (its `usage`) and to `--version`; nil for any other name.
    func standardAnswer(usage: String) -> String? {
        switch name {
        case "-h", "--help": usage
        case "--version": "progress-rings \(ProgressRingsVersion.current)"
        default: nil
        }
    }
}
