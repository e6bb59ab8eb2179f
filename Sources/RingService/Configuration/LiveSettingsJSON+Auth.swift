import LiveValues
import StrictJSON

extension LiveSettingsJSON {
    /// The fields a server's object takes.
    static let serverFields = ["url", "bearerToken", "basicAuth", "headers", "clientCertificate"]

    /// A Prometheus server given as an object: its `url` and how to authenticate to it. A secret is
    /// `{"file": …}` or `{"env": …}`; its text in the settings is refused, so no settings file holds one.
    static func server(_ json: JSONValue, named name: String) throws(Problem) -> LiveSettings.PrometheusServer {
        guard case .object(let members) = json else { throw Problem("\(quoted(name)) is not an object") }
        var auth = PrometheusAuth()
        var url: String?
        for member in members {
            let field = member.key
            switch field {
            case "url":
                guard case .string(let text) = member.value else {
                    throw Problem("\(quoted(name))'s url is \(member.value.kindName), not a string")
                }
                url = text
            case "bearerToken":
                auth.bearerToken = try secret(member.value, at: "\(quoted(name))'s bearerToken", path: [name, field])
            case "basicAuth":
                auth.basicAuth = try basicAuth(member.value, of: name)
            case "headers":
                auth.headers = try headers(member.value, of: name)
            case "clientCertificate":
                let fields = try strings(
                    member.value, of: "\(name)'s clientCertificate", at: [name, field], allowed: ["certificate", "key"])
                guard case .object = member.value, let certificate = fields["certificate"], let key = fields["key"]
                else {
                    throw Problem("\(quoted(name))'s clientCertificate needs \"certificate\" and \"key\" (PEM files)")
                }
                auth.clientCertificate = .init(certificateFile: certificate, keyFile: key)
            default:
                throw Problem.unknownField(at: [name, field], accepted: serverFields)
            }
        }
        guard let url else { throw Problem("\(quoted(name)) has no \"url\"") }
        return LiveSettings.PrometheusServer(name: name, url: url, auth: auth)
    }

    /// `{"file": PATH}` or `{"env": NAME}`: where a secret is. A string is refused: it would be the secret itself.
    private static func secret(
        _ json: JSONValue, at shown: String, path: [String]
    ) throws(Problem) -> PrometheusAuth.Secret {
        let accepted = "{\"file\": …} or {\"env\": …}, where the secret is, never its text"
        guard case .object(let members) = json, members.count == 1, let member = members.first else {
            throw Problem("\(shown) is \(json.kindName) (accepted: \(accepted))", holdsSecret: true)
        }
        guard case .string(let text) = member.value, !text.isEmpty else {
            throw Problem("\(shown)'s \(member.key) is not a non-empty string", holdsSecret: true)
        }
        switch member.key {
        case "file": return .file(text)
        case "env": return .environment(text)
        default: throw Problem.unknownField(at: path + [member.key], accepted: ["file", "env"])
        }
    }

    private static func basicAuth(_ json: JSONValue, of name: String) throws(Problem) -> PrometheusAuth.BasicAuth {
        guard case .object(let members) = json else {
            throw Problem("\(quoted(name))'s basicAuth is \(json.kindName), not an object")
        }
        var username: String?
        var password: PrometheusAuth.Secret?
        for member in members {
            switch member.key {
            case "username":
                guard case .string(let text) = member.value else {
                    throw Problem("\(quoted(name))'s basicAuth username is \(member.value.kindName), not a string")
                }
                username = text
            case "password":
                password = try secret(
                    member.value, at: "\(quoted(name))'s basicAuth password", path: [name, "basicAuth", "password"])
            default:
                throw Problem.unknownField(at: [name, "basicAuth", member.key], accepted: ["username", "password"])
            }
        }
        guard let username, let password else {
            throw Problem("\(quoted(name))'s basicAuth needs \"username\" and \"password\"")
        }
        return .init(username: username, password: password)
    }

    /// name → plain value (not a secret: `X-Scope-OrgID`), or name → `{"file": …}` / `{"env": …}`.
    private static func headers(_ json: JSONValue, of name: String) throws(Problem) -> [PrometheusAuth.Header] {
        guard case .object(let members) = json else {
            throw Problem("\(quoted(name))'s headers is \(json.kindName), not an object")
        }
        var headers: [PrometheusAuth.Header] = []
        for member in members {
            switch member.value {
            case .string(let text): headers.append(.init(name: member.key, value: .text(text)))
            default:
                let shown = "\(quoted(name))'s header \(quoted(member.key))"
                let where_ = try secret(member.value, at: shown, path: [name, "headers", member.key])
                headers.append(.init(name: member.key, value: .secret(where_)))
            }
        }
        return headers
    }

    /// A server with authentication, as the settings take it: secrets by where they are.
    static func json(server: LiveSettings.PrometheusServer) -> JSONValue {
        func secret(_ secret: PrometheusAuth.Secret) -> JSONValue {
            switch secret {
            case .file(let path): .object([.init(key: "file", value: .string(path))])
            case .environment(let name): .object([.init(key: "env", value: .string(name))])
            }
        }
        let auth = server.auth
        var fields = [JSONValue.Member(key: "url", value: .string(server.url))]
        if let token = auth.bearerToken { fields.append(.init(key: "bearerToken", value: secret(token))) }
        if let basic = auth.basicAuth {
            fields.append(
                .init(
                    key: "basicAuth",
                    value: .object([
                        .init(key: "username", value: .string(basic.username)),
                        .init(key: "password", value: secret(basic.password)),
                    ])))
        }
        if !auth.headers.isEmpty {
            let headers = auth.headers.map { header -> JSONValue.Member in
                switch header.value {
                case .text(let text): .init(key: header.name, value: .string(text))
                case .secret(let where_): .init(key: header.name, value: secret(where_))
                }
            }
            fields.append(.init(key: "headers", value: .object(headers)))
        }
        if let certificate = auth.clientCertificate {
            fields.append(
                .init(
                    key: "clientCertificate",
                    value: .object([
                        .init(key: "certificate", value: .string(certificate.certificateFile)),
                        .init(key: "key", value: .string(certificate.keyFile)),
                    ])))
        }
        return .object(fields)
    }
}
