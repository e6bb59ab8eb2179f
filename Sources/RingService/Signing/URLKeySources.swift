import FoundationEssentials
import StrictJSON

/// `urlKeys`: key name → where its secret is read, `file:PATH` (the file's bytes, less one final line break) or
/// `env:NAME` (an environment variable of the server). The settings name a secret and never hold one, so
/// `--print-config`, a settings file checked into a repository or a log of the settings shows no secret.
enum URLKeySources {
    static let accepted = "an object of key name → \"file:PATH\" or \"env:NAME\" (where the key's secret is read)"

    /// Reads `urlKeys`: an object of key name → source, each checked.
    static func parse(_ json: JSONValue) -> Result<[String: String], LiveSettingsJSON.Problem> {
        guard case .object(let members) = json else { return .failure(.init("not an object")) }
        var sources: [String: String] = [:]
        for member in members {
            if let problem = URLKey.nameProblem(member.key) {
                return .failure(.init("\(ConfigurationSetting.quoted(member.key)) \(problem)"))
            }
            guard case .string(let source) = member.value, isSource(source) else {
                return .failure(
                    .init(
                        "\(ConfigurationSetting.quoted(member.key)): the secret's source is not \"file:PATH\" or "
                            + "\"env:NAME\" (settings name where a secret is, never the secret itself; a variable's name does not "
                            + "start with PROGRESS_RINGS_)"))
            }
            sources[member.key] = source
        }
        return .success(sources)
    }

    /// Whether `source` is `file:` and a path, or `env:` and a variable's name. A variable named like a setting
    /// (`PROGRESS_RINGS_…`) is not one: the server refuses those it does not know.
    private static func isSource(_ source: String) -> Bool {
        if source.hasPrefix("file:") { return source.utf8.count > 5 && !source.utf8.contains(0) }
        guard source.hasPrefix("env:") else { return false }
        let name = source.dropFirst(4)
        return !name.isEmpty && !name.contains("=") && !name.utf8.contains(0)
            && !name.hasPrefix(ServiceConfiguration.environmentPrefix)
    }

    static func json(_ sources: [String: String]) -> JSONValue {
        .object(sources.sorted { $0.key < $1.key }.map { JSONValue.Member(key: $0.key, value: .string($0.value)) })
    }

    /// The keys, their secrets read now. A secret that cannot be read, or is shorter than `URLKey.minimumBytes`,
    /// stops start-up with a message naming the key and the source, never the secret.
    static func read(
        _ sources: [String: String], environment: [String: String]
    ) throws(ConfigurationError) -> [URLKey] {
        var keys: [URLKey] = []
        for (name, source) in sources.sorted(by: { $0.key < $1.key }) {
            let quoted = ConfigurationSetting.quoted(name)
            var secret: [UInt8]
            if source.hasPrefix("file:") {
                let path = String(source.dropFirst(5))
                guard let data = FileManager.default.contents(atPath: path) else {
                    throw ConfigurationError(
                        "urlKeys: \(quoted): cannot read the file \(ConfigurationSetting.quoted(path))")
                }
                secret = [UInt8](data)
                // A file written by `echo` or an editor ends in a line break that is no part of the secret.
                if secret.last == UInt8(ascii: "\n") { secret.removeLast() }
                if secret.last == UInt8(ascii: "\r") { secret.removeLast() }
            } else {
                let variable = String(source.dropFirst(4))
                guard let value = environment[variable] else {
                    throw ConfigurationError(
                        "urlKeys: \(quoted): the environment variable \(variable) is not set")
                }
                secret = Array(value.utf8)
            }
            guard secret.count >= URLKey.minimumBytes else {
                throw ConfigurationError(
                    "urlKeys: \(quoted): the secret from \(source) is \(secret.count) bytes; at least "
                        + "\(URLKey.minimumBytes) are needed (openssl rand -hex 32 makes one of 64)")
            }
            keys.append(URLKey(name: name, secret: secret))
        }
        return keys
    }
}
