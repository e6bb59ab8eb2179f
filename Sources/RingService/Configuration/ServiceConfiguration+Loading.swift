import FoundationEssentials
import Glibc
import StrictJSON

extension ServiceConfiguration {
    /// The prefix of every environment variable the service reads.
    public static let environmentPrefix = "PROGRESS_RINGS_"

    /// Builds the effective settings: defaults, then `--config FILE` (or `PROGRESS_RINGS_CONFIG`), then
    /// `PROGRESS_RINGS_<SETTING>` variables, then `--kebab-case` flags. Any unknown or bad setting is refused.
    public static func load(
        arguments: [String], environment: [String: String]
    ) throws(ConfigurationError) -> ServeOptions {
        var options = ServeOptions()
        var flagValues: [(ConfigurationSetting, String, String)] = []
        var configPath = environment[environmentPrefix + "CONFIG"]

        var i = 0
        while i < arguments.count {
            let arg = arguments[i]
            i += 1
            var name = arg
            var inline: String? = nil
            if arg.hasPrefix("--"), let eq = arg.firstIndex(of: "=") {
                name = String(arg[..<eq])
                inline = String(arg[arg.index(after: eq)...])
            }
            func value() throws(ConfigurationError) -> String {
                if let inline { return inline }
                guard i < arguments.count else { throw ConfigurationError("\(name): needs a value") }
                i += 1
                return arguments[i - 1]
            }
            switch name {
            case "--help", "-h":
                options.help = true
            case "--print-config":
                options.printConfig = true
            case "--config":
                configPath = try value()
            default:
                guard let setting = settings.first(where: { $0.flagName == name }) else {
                    let flags = settings.map(\.flagName) + ["--config", "--print-config", "--help"]
                    let near = ConfigurationSetting.nearest(to: name, among: flags).map { "did you mean \($0)? " }
                    throw ConfigurationError(
                        "\(ConfigurationSetting.quoted(arg)) is not an option of serve; \(near ?? "")"
                            + "see progress-rings serve --help")
                }
                flagValues.append((setting, try value(), name))
            }
        }

        var config = ServiceConfiguration()
        if let configPath {
            guard let data = FileManager.default.contents(atPath: configPath) else {
                throw ConfigurationError("--config: cannot read \(ConfigurationSetting.quoted(configPath))")
            }
            try config.apply(fileData: data, path: configPath)
        }

        let known = Set(settings.map(\.environmentName)).union([environmentPrefix + "CONFIG"])
        for key in environment.keys.sorted() where key.hasPrefix(environmentPrefix) && !known.contains(key) {
            let near = ConfigurationSetting.nearest(to: key, among: known.sorted()).map { "; did you mean \($0)?" }
            throw ConfigurationError("\(key): unknown setting in the environment\(near ?? "")")
        }
        for setting in settings {
            if let text = environment[setting.environmentName] {
                setting.set(&config, try setting.parse(text, from: setting.environmentName))
            }
        }
        for (setting, text, flag) in flagValues {
            setting.set(&config, try setting.parse(text, from: flag))
        }
        try config.readURLKeys(environment: environment)
        try config.validateTogether()
        options.configuration = config
        return options
    }

    /// Applies a configuration file: an object whose keys are setting names and whose values are either the
    /// value itself or, as in `config/default.json`, an object with `value` and `doc`.
    /// A UTF-8 byte-order mark at the start (as some Windows editors save) is not part of the text (RFC 8259 §8.1
    /// lets a parser ignore it).
    mutating func apply(fileData: Data, path: String) throws(ConfigurationError) {
        var bytes = [UInt8](fileData)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        let document: JSONValue
        do {
            document = try StrictJSON.parse(bytes)
        } catch {
            throw ConfigurationError("\(path):\(error.line): \(error.message)")
        }
        guard case .object(let members) = document else {
            throw ConfigurationError(
                "\(path): not a JSON object of settings (the file holds \(document.kindName), not an object)")
        }
        var entries: [String: JSONValue?] = [:]
        for member in members {
            do {
                entries.updateValue(try FileEntry.value(of: member.value, setting: member.key), forKey: member.key)
            } catch {
                throw ConfigurationError(
                    ConfigurationSetting.unknownField(at: error.path, accepted: FileEntry.fields, from: path))
            }
        }
        for key in entries.keys.sorted() {
            guard let setting = Self.setting(named: key) else {
                let names = Self.settings.map(\.name)
                let near = ConfigurationSetting.nearest(to: key, among: names).map { "did you mean \($0)? " } ?? ""
                throw ConfigurationError(
                    "\(ConfigurationSetting.quoted(key)): unknown setting in \(path); \(near)known settings: "
                        + names.joined(separator: ", "))
            }
            guard let entry = entries[key], let value = entry else {
                throw ConfigurationError("\(key): has no value in \(path)")
            }
            setting.set(&self, try setting.convert(value, from: path))
        }
    }

    /// One setting's entry in a file: a bare value, or `{"value": …, "doc": …}` as `config/default.json` writes it.
    /// An object-valued setting's bare object is its value unless it holds `value` or `doc`: then it is the
    /// documented form, and any other key in it a typo (`{"value": {…}, "dco": …}`), named as such rather than
    /// read as the name of an entry.
    enum FileEntry {
        /// The fields of the documented form.
        static let fields = ["value", "doc"]

        /// A field of the documented form that is not one, by its path: the setting's name and the field.
        struct Refusal: Error { let path: [String] }

        /// The value of the entry `json` of the setting `settingName`; nil when it has none (`{}`).
        static func value(of json: JSONValue, setting settingName: String) throws(Refusal) -> JSONValue? {
            guard case .object(let members) = json else { return json }
            let documented = members.allSatisfy { Self.fields.contains($0.key) }
            if documented && !members.isEmpty { return json["value"] }
            if case .object = ServiceConfiguration.setting(named: settingName)?.kind,
                !members.contains(where: { Self.fields.contains($0.key) })
            {
                return json
            }
            if members.isEmpty { return nil }
            let unknown = members.first { !Self.fields.contains($0.key) }?.key ?? ""
            throw Refusal(path: [settingName, unknown])
        }
    }

    /// The help text of `serve`: every flag with what it accepts and its default.
    public static var serveUsage: String {
        var out = """
            usage: progress-rings serve [--config FILE] [--print-config] [--SETTING VALUE]...

            Serves ring images over HTTP. Settings come from the built-in defaults (config/default.json), then
            --config FILE (or PROGRESS_RINGS_CONFIG), then PROGRESS_RINGS_<SETTING> environment variables, then flags.

              --config FILE       read settings from a JSON file shaped like config/default.json
              --print-config      print the effective settings as JSON and exit
              -h, --help          show this help

            Settings (flag, environment variable, default):

            """
        let defaults = ServiceConfiguration()
        for setting in settings {
            out += "  \(setting.flagName) (\(setting.environmentName), default "
            out += "\(ConfigurationSetting.json(setting.get(defaults))))\n"
            out += "      \(setting.doc) Accepts \(setting.accepted).\n"
        }
        return out
    }
}
