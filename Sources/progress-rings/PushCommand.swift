import CSystem
import Glibc
import HTTPServer
import RingKit
import RingService
import StoredValues
import StrictJSON

/// `progress-rings push [--server URL] NAME (NUMBER | FILE | -)`: sends a number or a report (LCOV, Cobertura,
/// JaCoCo, Go's coverprofile, coverage.py's JSON, Istanbul's summary, JUnit XML) to a server's `PUT /values/NAME`
/// with the token in `RINGS_TOKEN`, retrying network errors and 5xx answers with one `Idempotency-Key`, and says
/// what the server stored or why it refused.
enum PushCommand: Command {
    static let name = "push"
    static let summary = "send a number or a coverage or test report to a server's PUT /values/NAME"

    static let usage = """
        usage: progress-rings push [--server URL] [options] NAME (NUMBER | FILE | -)

        Stores NAME on the server: a NUMBER (87.4), or the report in FILE (- reads standard input). Reports:
        LCOV, Cobertura XML, JaCoCo XML, Go coverprofile, coverage.py JSON, Istanbul coverage-summary.json and
        JUnit XML; the server recognises them by content. A coverage report stores NAME (lines covered of lines),
        NAME.branches and NAME.functions; a test report NAME (passed of run), NAME.failed and NAME.skipped.
        The token comes from RINGS_TOKEN (progress-rings token makes one); without it, from the CI's OIDC
        token: RINGS_ID_TOKEN (a GitLab job's id_tokens:), or GitHub Actions' token request (a job with
        permissions id-token: write), asked for the audience.

        A network error or a 5xx answer is tried again, after 1 s, 2 s, 4 s…, with the same Idempotency-Key,
        so the server stores a retried push once. A refusal prints the server's sentence and exits 1.

        With --branch, a branch other than the main one pushes beside it, under NAME.BRANCH: the branch name
        lower-cased, each run of characters outside a-z 0-9 . _ - one -, no - or . at either end, cut to 54
        characters with a hash of the branch (feature/Login pushes coverage.feature-login).

        options:
          --server URL          the server (default: the RINGS_SERVER environment variable)
          --branch BRANCH       push for BRANCH: NAME on the main branch, NAME.BRANCH on any other
          --branch-from-ci      the same, the branch read from the CI's environment (GITHUB_HEAD_REF,
                                CI_MERGE_REQUEST_SOURCE_BRANCH_NAME, GITHUB_REF_NAME, CI_COMMIT_REF_NAME)
          --main BRANCH         the main branch, which pushes NAME as it is (default main)
          --content-type TYPE   name the report's format instead (text/x-lcov, application/x-junit+xml, …)
          --audience AUD        the aud of GitHub's OIDC token (default: RINGS_AUDIENCE, else the server URL)
          --attempts N          tries in all, 1 to 20 (default 5)
          --retry-delay S       seconds before the second try; each later wait doubles, at most 60 (default 1)
          --timeout S           seconds one try may take (default 60)
          -h, --help            show this help
          --version             show the version
        """

    struct Options: Equatable {
        var server = ""
        var name = ""
        var source = ""
        var contentType: String?
        /// The audience GitHub's OIDC token is asked for.
        var audience = ""
        var retry = PushRetry()
        var timeout = 60.0
        var branch: String?
        var main = "main"
    }

    static func run(arguments: [String]) -> ExitStatus {
        parse(arguments, environment: environment).run(push)
    }

    static func environment(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }

    static func parse(_ arguments: [String], environment: (String) -> String?) -> ParsedArguments<Options> {
        var options = Options()
        var positional: [String] = []
        var rest = arguments[...]
        func number(_ flag: String, _ range: ClosedRange<Double>) -> Double? {
            guard let text = rest.popFirst(), let value = Double(text), range.contains(value) else { return nil }
            _ = flag
            return value
        }
        while let argument = rest.popFirst() {
            switch argument {
            case "-h", "--help": return .exit(.success, message: usage)
            case "--version": return .exit(.success, message: "progress-rings \(ProgressRingsVersion.current)")
            case "--server", "--content-type", "--branch", "--main", "--audience":
                // An empty --branch (a CI variable unset on this event) is refused below with the branch rule's words.
                guard let value = rest.popFirst(), !value.isEmpty || argument == "--branch" else {
                    return .exit(.usage, message: usageError("\(argument) needs a value"))
                }
                switch argument {
                case "--server": options.server = value
                case "--branch": options.branch = value
                case "--main": options.main = value
                case "--audience": options.audience = value
                default: options.contentType = value
                }
            case "--branch-from-ci":
                guard let branch = ValueName.ciBranch(environment: environment) else {
                    return .exit(
                        .usage,
                        message: usageError(
                            "--branch-from-ci found no branch: GITHUB_HEAD_REF, CI_MERGE_REQUEST_SOURCE_BRANCH_NAME, "
                                + "GITHUB_REF_NAME and CI_COMMIT_REF_NAME are all unset"))
                }
                options.branch = branch
            case "--attempts":
                guard let value = number(argument, 1...20), value == value.rounded() else {
                    return .exit(.usage, message: usageError("--attempts needs a whole number from 1 to 20"))
                }
                options.retry.attempts = Int(value)
            case "--retry-delay":
                guard let value = number(argument, 0...60) else {
                    return .exit(.usage, message: usageError("--retry-delay needs seconds from 0 to 60"))
                }
                options.retry.delay = value
            case "--timeout":
                guard let value = number(argument, 0.1...3600) else {
                    return .exit(.usage, message: usageError("--timeout needs seconds from 0.1 to 3600"))
                }
                options.timeout = value
            case "-":
                positional.append(argument)
            default:
                guard !argument.hasPrefix("-") || Double(argument) != nil else {
                    return .exit(.usage, message: usageError("unknown option \(ParameterError.quoted(argument))"))
                }
                positional.append(argument)
            }
        }
        guard positional.count == 2 else {
            return .exit(.usage, message: usageError("give a NAME and a NUMBER, a FILE or - (standard input)"))
        }
        (options.name, options.source) = (positional[0], positional[1])
        if let problem = ValueName.problem(options.name) {
            return .exit(.usage, message: usageError("NAME \(ParameterError.quoted(options.name)) \(problem)"))
        }
        if let branch = options.branch {
            switch ValueName.forBranch(options.name, branch: branch, main: options.main) {
            case .success(let name): options.name = name
            case .failure(.noName):
                return .exit(
                    .usage,
                    message: usageError(
                        "branch \(ParameterError.quoted(branch)) has no character a name takes (a-z 0-9 . _ -)"))
            case .failure(.tooLong):
                return .exit(
                    .usage,
                    message: usageError(
                        "NAME \(ParameterError.quoted(options.name)) leaves no room for a branch (a branch's name is "
                            + "at most \(ValueName.branchNameLength) characters)"))
            }
        }
        if options.server.isEmpty { options.server = environment("RINGS_SERVER") ?? "" }
        guard options.server.hasPrefix("http://") || options.server.hasPrefix("https://") else {
            return .exit(
                .usage,
                message: usageError(
                    options.server.isEmpty
                        ? "give the server as --server URL or in RINGS_SERVER"
                        : "--server \(ParameterError.quoted(options.server)) is not an http:// or https:// URL"))
        }
        while options.server.hasSuffix("/") { options.server.removeLast() }
        if options.audience.isEmpty { options.audience = environment("RINGS_AUDIENCE") ?? "" }
        if options.audience.isEmpty { options.audience = options.server }
        return .run(options)
    }

    static func push(_ options: Options) -> ExitStatus {
        let token: String
        switch PushToken.resolve(audience: options.audience, timeout: options.timeout, environment: environment) {
        case .success(let value): token = value
        case .failure(let problem):
            Console.error("progress-rings push: \(problem.message)")
            return problem.usage ? .usage : .failure
        }
        let body: [UInt8]
        switch readSource(options.source) {
        case .success(let bytes): body = bytes
        case .failure(let problem):
            Console.error("progress-rings push: \(problem.message)")
            return .failure
        }
        let request = PushRequest(
            url: options.server + "/values/" + options.name, body: body, token: token,
            idempotencyKey: idempotencyKey(), contentType: options.contentType, timeout: options.timeout)
        var attempt = 1
        while true {
            let result = request.send()
            let outcome: PushRetry.Outcome
            switch result {
            case .answered(let status, let retryAfter, _): outcome = .answered(status: status, retryAfter: retryAfter)
            case .failed: outcome = .networkError
            }
            guard let wait = options.retry.wait(after: attempt, outcome: outcome) else {
                return report(result, attempts: attempt, url: request.url)
            }
            let why: String
            switch result {
            case .answered(let status, _, _): why = "the server answered \(status)"
            case .failed(let reason): why = reason
            }
            Console.error("progress-rings push: try \(attempt) failed (\(why)); trying again in \(wait) s")
            usleep(UInt32(wait * 1_000_000))
            attempt += 1
        }
    }

    /// Prints what the server stored, or its refusal, and gives the exit status.
    static func report(_ result: PushRequest.Result, attempts: Int, url: String) -> ExitStatus {
        switch result {
        case .failed(let reason):
            Console.error("progress-rings push: no answer from \(url) after \(attempts) tries: \(reason)")
            return .failure
        case .answered(let status, _, let body):
            let document = try? StrictJSON.parse(body)
            if (200..<300).contains(status), let document {
                let records: [JSONValue]
                if case .array(let list)? = document["records"] { records = list } else { records = [document] }
                for record in records { Console.out("stored " + line(record)) }
                return .success
            }
            let sentence = document?["error"]?.stringValue ?? String(decoding: body.prefix(300), as: UTF8.self)
            Console.error("progress-rings push: the server refused the push (\(status)): \(sentence)")
            return .failure
        }
    }

    /// `coverage: 87.4 of 100` from a record's JSON.
    static func line(_ record: JSONValue) -> String {
        let name = record["name"]?.stringValue ?? "?"
        let value = record["value"].map { $0.json } ?? "?"
        guard let max = record["max"], max != .null else { return "\(name): \(value)" }
        return "\(name): \(value) of \(max.json)"
    }

    struct SourceProblem: Error { let message: String }

    /// The body: the number itself, standard input, or the file's bytes.
    static func readSource(_ source: String) -> Result<[UInt8], SourceProblem> {
        if let number = Double(source), number.isFinite { return .success(Array(source.utf8)) }
        let limit = 1 << 30
        if source == "-" {
            do {
                return .success(try Syscall.readAll(STDIN_FILENO, limit: limit))
            } catch {
                return .failure(SourceProblem(message: "cannot read standard input: \(error.reason)"))
            }
        }
        do {
            let descriptor = try Syscall.openForReading(source)
            defer { try? Syscall.closeDescriptor(descriptor) }
            return .success(try Syscall.readAll(descriptor, limit: limit))
        } catch {
            return .failure(
                SourceProblem(
                    message: "\(ParameterError.quoted(source)) is not a number, and cannot be read as a file: "
                        + error.reason))
        }
    }

    /// 16 random bytes in hex, the same for every try of one push.
    static func idempotencyKey() -> String {
        var bytes = [UInt8](repeating: 0, count: 16)
        if bytes.withUnsafeMutableBytes({ pr_random_bytes($0.baseAddress, UInt($0.count)) }) != 16 {
            // Without the kernel's randomness the key still needs to differ from other pushes'.
            var generator = SystemRandomNumberGenerator()
            for i in bytes.indices { bytes[i] = UInt8.random(in: 0...255, using: &generator) }
        }
        return bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }
}
