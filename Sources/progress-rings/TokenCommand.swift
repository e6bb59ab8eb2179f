import CSystem
import Glibc
import RingKit
import RingService

/// `progress-rings token [--name PATTERN]`: a new random token for pushing stored values, and the `valueTokens`
/// entry that lets it write (the server keeps only the digest).
enum TokenCommand: Command {
    static let name = "token"
    static let summary = "make a random token for PUT /values and print its valueTokens entry"

    static let usage = """
        usage: progress-rings token [--name PATTERN]

        Prints a new token (32 bytes from the kernel's random source, as pr_ and 43 URL-safe characters) and the
        valueTokens entry that lets it write the names PATTERN covers: add the entry to the server's settings,
        keep the token in the CI job's secrets. The server stores only the entry's SHA-256 digest.

        options:
          --name PATTERN    the names the token may write: a name (coverage), a prefix and * (ci.*), or * for every
                            name (default *)
          -h, --help        show this help
          --version         show the version
        """

    static func run(arguments: [String]) -> ExitStatus {
        parse(arguments).run(make)
    }

    typealias Parsed = ParsedArguments<String>

    static func parse(_ arguments: [String]) -> Parsed {
        var pattern = "*"
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "-h", "--help": return .exit(.success, message: usage)
            case "--version": return .exit(.success, message: "progress-rings \(ProgressRingsVersion.current)")
            case "--name":
                guard let value = rest.popFirst() else {
                    return .exit(.usage, message: usageError("--name needs a value"))
                }
                pattern = value
            default:
                return .exit(.usage, message: usageError("unknown argument \(ParameterError.quoted(argument))"))
            }
        }
        if let problem = RingService.valueTokenPatternProblem(pattern) {
            return .exit(.usage, message: usageError("--name \(problem)"))
        }
        return .run(pattern)
    }

    static func make(_ pattern: String) -> ExitStatus {
        var bytes = [UInt8](repeating: 0, count: 32)
        let read = bytes.withUnsafeMutableBytes { pr_random_bytes($0.baseAddress, UInt($0.count)) }
        guard read == 32 else {
            Console.error(
                "progress-rings token: the kernel's random source failed: \(String(cString: strerror(errno)))")
            return .failure
        }
        let token = "pr_" + base64URL(bytes)
        Console.out(
            """
            token (keep it secret; send it as Authorization: Bearer TOKEN):
            \(token)
            valueTokens entry (in the server's settings; a digest, not the token):
            "\(pattern)": "\(RingService.valueTokenDigest(Array(token.utf8)))"
            """)
        return .success
    }

    /// RFC 4648 §5 base64url without padding.
    static func base64URL(_ bytes: [UInt8]) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
        var out: [UInt8] = []
        var i = 0
        while i < bytes.count {
            let chunk = bytes[i..<min(i + 3, bytes.count)]
            var n = 0
            for (j, byte) in chunk.enumerated() { n |= Int(byte) << (16 - 8 * j) }
            for j in 0..<(chunk.count + 1) { out.append(alphabet[(n >> (18 - 6 * j)) & 63]) }
            i += 3
        }
        return String(decoding: out, as: UTF8.self)
    }
}
