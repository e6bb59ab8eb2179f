import FoundationEssentials
import RingKit
import RingService

/// `progress-rings sign QUERY [--path P] [--key NAME] [--expires WHEN]`: the signed URL of an image, with a key
/// from the settings `serve` reads.
enum SignCommand: Command {
    static let name = "sign"
    static let summary = "print an image URL signed with one of the server's urlKeys"

    static let usage = """
        usage: progress-rings sign QUERY [--path PATH] [--key NAME] [--expires WHEN] [--base URL] [--config FILE]

        Prints PATH?QUERY with key=NAME (and exp=) added and signed: sig=, the HMAC-SHA256 of the URL's canonical
        text under the key's secret. The keys are the server's urlKeys, read as serve reads its settings
        (config/default.json, --config FILE or PROGRESS_RINGS_CONFIG, PROGRESS_RINGS_URL_KEYS), so the secret is
        read from the same file or environment variable. Parameter order and percent-encoding may change on the
        way (an image proxy, a mail client): the signature still holds.

        options:
          --path PATH       the image route (default /ring.svg); /ring.svg and /ring.png are signed apart
          --key NAME        which key (default: the only one; needed when there are several)
          --expires WHEN    when the URL stops working: a duration from now (30d, 12h, 90m) or Unix seconds
          --base URL        written before the path (https://rings.example.com)
          --canonical       print the canonical text that is signed, then the URL
          --config FILE     the settings file serve reads
          -h, --help        show this help
          --version         show the version
        """

    struct Options: Equatable {
        var query = ""
        var path = "/ring.svg"
        var key: String?
        var expires: String?
        var base = ""
        var canonical = false
        var serveFlags: [String] = []
    }

    typealias Parsed = ParsedArguments<Options>

    static func run(arguments: [String]) -> ExitStatus {
        parse(arguments).run(sign)
    }

    static func parse(_ arguments: [String]) -> Parsed {
        var options = Options()
        var query: String?
        var rest = arguments[...]
        while let word = rest.popFirst() {
            let argument = CommandArgument(word)
            if let answer = argument.standardAnswer(usage: usage) { return .exit(.success, message: answer) }
            if argument.name == "--canonical" {
                options.canonical = true
                continue
            }
            let takesValue = ["--path", "--key", "--expires", "--base", "--config"].contains(argument.name)
            if takesValue {
                guard let value = argument.attached ?? rest.popFirst() else {
                    return .exit(.usage, message: usageError("\(argument.name) needs a value"))
                }
                switch argument.name {
                case "--path": options.path = value
                case "--key": options.key = value
                case "--expires": options.expires = value
                case "--base": options.base = value.hasSuffix("/") ? String(value.dropLast()) : value
                default: options.serveFlags = ["--config", value]
                }
            } else if word.hasPrefix("-") && word.count > 1 {
                return .exit(.usage, message: usageError("unknown option \(ParameterError.quoted(word))"))
            } else if query == nil {
                query = word
            } else {
                return .exit(.usage, message: usageError("one query only (quote it: 'value=@x&size=64')"))
            }
        }
        guard let query else { return .exit(.usage, message: usageError("give the query to sign")) }
        options.query = query
        return .run(options)
    }

    static func sign(_ options: Options) -> ExitStatus {
        let keys: [URLKey]
        do {
            let loaded = try ServiceConfiguration.load(
                arguments: options.serveFlags, environment: ProcessInfo.processInfo.environment)
            keys = loaded.configuration.signing.keys
        } catch {
            Console.error("progress-rings sign: \(error.message)")
            return .usage
        }
        let key: URLKey
        if let name = options.key {
            guard let named = keys.first(where: { $0.name == name }) else {
                Console.error(
                    "progress-rings sign: --key \(ParameterError.quoted(name)) is not one of the server's urlKeys "
                        + "(\(keys.isEmpty ? "it has none" : keys.map(\.name).joined(separator: ", ")))")
                return .usage
            }
            key = named
        } else {
            guard keys.count == 1 else {
                Console.error(
                    "progress-rings sign: "
                        + (keys.isEmpty
                            ? "the settings name no urlKeys (\"urlKeys\": {\"NAME\": \"file:PATH\"})"
                            : "several urlKeys; choose one with --key (\(keys.map(\.name).joined(separator: ", ")))"))
                return .usage
            }
            key = keys[0]
        }
        var expires: Int64? = nil
        if let text = options.expires {
            guard let seconds = expiry(text) else {
                Console.error(
                    "progress-rings sign: --expires \(ParameterError.quoted(text)) is not a time (accepted: a "
                        + "duration from now such as 30d, 12h or 90m, or Unix seconds)")
                return .usage
            }
            expires = seconds
        }
        do {
            let url = try RingService.signedURL(
                path: options.path, query: options.query, key: key, expires: expires)
            if options.canonical {
                // The URL is PATH?QUERY&sig=HEX: the canonical text is of everything between.
                let unsigned = url.dropFirst(options.path.utf8.count + 1).dropLast(64 + 5)
                Console.out(RingService.canonicalText(path: options.path, query: String(unsigned)))
            }
            Console.out(options.base + url)
            return .success
        } catch {
            Console.error("progress-rings sign: \(error.message)")
            return .usage
        }
    }

    /// Unix seconds of `--expires`: a duration from now, or Unix seconds as they are.
    static func expiry(_ text: String) -> Int64? {
        if !text.isEmpty, text.count <= 12, text.allSatisfy(\.isASCII), let seconds = Int64(text), seconds > 0 {
            return seconds
        }
        guard let milliseconds = DurationText.milliseconds(text) else { return nil }
        return Int64(Date().timeIntervalSince1970) + milliseconds / 1000
    }
}
