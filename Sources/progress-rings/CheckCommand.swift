import FoundationEssentials
import RingKit
import RingService

/// `progress-rings check [--url URL] [--timeout SECONDS]`: asks a server on this machine for `/healthz`, so the
/// container image needs no curl (or shell) for its HEALTHCHECK.
enum CheckCommand: Command {
    static let name = "check"
    static let summary = "ask a server on this machine for /healthz; exit 0 when it answers 200"

    static let usage = """
        usage: progress-rings check [--url URL | --config FILE --port PORT --host HOST] [--timeout SECONDS]

        GETs /healthz from a server on this machine: exit status 0 when it answers 200, 1 otherwise. It is the
        container image's HEALTHCHECK. Without --url it asks where `serve` listens with the same settings
        (config/default.json, PROGRESS_RINGS_CONFIG, PROGRESS_RINGS_<SETTING>), through 127.0.0.1 (or [::1])
        when serve listens on every interface; with no settings, http://127.0.0.1:8080/healthz. --config, --port
        and --host are read as serve reads them, so the check can be run with serve's own flags.
        It speaks plain HTTP/1.1 to loopback addresses only (127.0.0.0/8, [::1], localhost): no DNS, no TLS.

        options:
          --url URL            what to GET, e.g. http://127.0.0.1:9000/readyz
          --config FILE        the settings file serve reads (as PROGRESS_RINGS_CONFIG)
          --port PORT          the port serve listens on (as PROGRESS_RINGS_PORT)
          --host HOST          the address serve listens on (as PROGRESS_RINGS_HOST)
          --timeout SECONDS    time for the whole request, more than 0 and at most 60 (default 2)
          -h, --help           show this help
          --version            show the version

        exit status: 0 answered 200, 1 another status or no answer in time, 2 bad usage or settings
        """

    /// What the command line asks for.
    struct Options: Equatable {
        /// nil: the address from the settings `serve` would use.
        var url: LoopbackURL?
        var timeout: Duration = .seconds(2)
        /// `--config`, `--port` and `--host` as given, for `ServiceConfiguration.load` to read as serve's flags.
        var serveFlags: [String] = []
    }

    /// The result of reading the arguments: the options to check with, or a message and a status to end with.
    typealias Parsed = ParsedArguments<Options>

    static func run(arguments: [String]) -> ExitStatus {
        parse(arguments).run(check)
    }

    /// GETs the URL the options name (or the one `serve` would listen on) and says what it answered.
    static func check(_ options: Options) -> ExitStatus {
        let url: LoopbackURL
        if let given = options.url {
            url = given
        } else {
            do {
                url = try defaultURL(
                    arguments: options.serveFlags, environment: ProcessInfo.processInfo.environment)
            } catch {
                Console.error("progress-rings check: \(error.message)")
                return .usage
            }
        }
        do {
            let answer = try LoopbackHTTPGet(url: url, timeout: options.timeout).run()
            let line = "progress-rings check: \(url) answered \(answer.status) \(answer.reason)"
            guard answer.status == 200 else {
                Console.error(line)
                return .failure
            }
            Console.out(line)
            return .success
        } catch {
            Console.error("progress-rings check: \(error.message)")
            return .failure
        }
    }

    /// `/healthz` where `serve` would listen: the settings file and `PROGRESS_RINGS_<SETTING>` variables count,
    /// so a container whose port comes from a mounted file is checked on that port.
    static func defaultURL(
        arguments: [String] = [], environment: [String: String]
    ) throws(LoopbackURL.Refusal) -> LoopbackURL {
        let configuration: ServiceConfiguration
        do {
            configuration = try ServiceConfiguration.load(arguments: arguments, environment: environment)
                .configuration
        } catch {
            throw LoopbackURL.Refusal(message: "cannot read the settings serve would use: \(error.message)")
        }
        return try LoopbackURL.health(host: configuration.host, port: configuration.port)
    }

    /// Reads the arguments after `check`.
    static func parse(_ arguments: [String]) -> Parsed {
        var options = Options()
        var timeoutGiven = false
        var remaining = arguments[...]

        func bad(_ message: String) -> Parsed {
            .exit(.usage, message: usageError(message))
        }

        while let argument = remaining.popFirst() {
            // `--url=URL` and `--timeout=5` are the same as their two-word forms.
            let option = CommandArgument(argument)
            if let answer = option.standardAnswer(usage: usage) { return .exit(.success, message: answer) }
            let (name, attached) = (option.name, option.attached)
            switch name {
            case "--url":
                guard let value = attached ?? remaining.popFirst() else { return bad("--url needs a value") }
                guard options.url == nil else { return bad("--url given twice") }
                do {
                    options.url = try LoopbackURL.parse(value)
                } catch {
                    return bad("--url \(error.message)")
                }
            case "--timeout":
                guard let value = attached ?? remaining.popFirst() else { return bad("--timeout needs a value") }
                guard !timeoutGiven else { return bad("--timeout given twice") }
                guard let seconds = Double(value), seconds.isFinite, seconds > 0, seconds <= 60 else {
                    return bad(
                        "--timeout \(ParameterError.quoted(value)) is not a number of seconds more than 0 and at most 60"
                    )
                }
                timeoutGiven = true
                options.timeout = .milliseconds(Int64((seconds * 1000).rounded(.up)))
            case "--config", "--port", "--host":
                guard let value = attached ?? remaining.popFirst() else { return bad("\(name) needs a value") }
                guard !options.serveFlags.contains(name) else { return bad("\(name) given twice") }
                options.serveFlags += [name, value]
            default:
                return bad("unknown argument \(ParameterError.quoted(argument))")
            }
        }
        if options.url != nil, let flag = options.serveFlags.first {
            return bad("--url and \(flag) both name the address; give one")
        }
        return .run(options)
    }
}
