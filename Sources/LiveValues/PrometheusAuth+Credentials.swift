import FoundationEssentials

extension PrometheusAuth.Secret {
    /// The largest secret file read, in bytes: any token or password fits, and a wrong path (a log, a device) is a
    /// refusal, not a header of megabytes.
    static let maxFileBytes = 16_384

    /// The secret's text, or why it cannot be used; the reason names where the secret is, never its text.
    func read() -> Result<String, Refusal> {
        var text: String
        switch self {
        case .file(let path):
            guard let data = FileManager.default.contents(atPath: path) else {
                return .failure("\(self) cannot be read")
            }
            guard data.count <= Self.maxFileBytes else {
                return .failure("\(self) holds more than \(Self.maxFileBytes) bytes")
            }
            text = String(decoding: data, as: UTF8.self)
            if text.hasSuffix("\n") { text.removeLast() }
            if text.hasSuffix("\r") { text.removeLast() }
        case .environment(let name):
            guard let value = ProcessInfo.processInfo.environment[name] else { return .failure("\(self) is not set") }
            text = value
        }
        guard !text.isEmpty else { return .failure("\(self) is empty") }
        // A line break would end the header and start another: refused, whatever else it holds.
        guard !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            return .failure("\(self) holds a control character (a line break inside the secret?)")
        }
        return .success(text)
    }
}

extension PrometheusAuth {
    /// Why these settings cannot be used, or nil: header names, plain values, and every secret and file readable
    /// now. Checked at start-up so a missing secret stops the service instead of failing each image.
    func refusal() -> Refusal? {
        if bearerToken != nil && basicAuth != nil { return "give bearerToken or basicAuth, not both" }
        var seen: Set<String> = []
        for header in headers {
            let name = header.name.lowercased()
            guard !name.isEmpty, name.utf8.allSatisfy(Self.isTokenByte) else {
                return "header \(LiveText.quoted(header.name)) is not a header name"
            }
            guard !Self.reservedHeaders.contains(name) else {
                return "header \(header.name) is written by the fetcher itself"
            }
            guard seen.insert(name).inserted else { return "header \(header.name) is given twice" }
            if name == "authorization", bearerToken != nil || basicAuth != nil {
                return "header Authorization cannot be given beside bearerToken or basicAuth"
            }
            if case .text(let value) = header.value {
                guard !Self.secretHeaders.contains(name) else {
                    return "header \(header.name) holds a credential: give {\"file\": …} or {\"env\": …}, not its text"
                }
                guard !value.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
                    return "header \(header.name)'s value holds a control character"
                }
            }
        }
        if let basicAuth {
            guard !basicAuth.username.isEmpty, !basicAuth.username.contains(":"),
                !basicAuth.username.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
            else {
                return
                    "basicAuth's username \(LiveText.quoted(basicAuth.username)) is empty or holds : or a control character"
            }
        }
        if let clientCertificate {
            for (field, path) in [
                ("certificate", clientCertificate.certificateFile), ("key", clientCertificate.keyFile),
            ] where !FileManager.default.isReadableFile(atPath: path) {
                return "clientCertificate's \(field) file \(LiveText.quoted(path)) cannot be read"
            }
        }
        if case .failure(let refusal) = credentials(
            origin: FetchURL(
                scheme: "http", host: "", address: nil, port: nil, target: "/"))
        {
            return refusal
        }
        return nil
    }

    /// What a fetch presents, with every secret read now.
    func credentials(origin: FetchURL) -> Result<FetchCredentials, Refusal> {
        var credentials = FetchCredentials(origin: origin)
        if let bearerToken {
            switch bearerToken.read() {
            case .success(let token): credentials.headers.append("Authorization: Bearer \(token)")
            case .failure(let refusal): return .failure("bearerToken's \(refusal.reason)")
            }
        }
        if let basicAuth {
            switch basicAuth.password.read() {
            case .success(let password):
                let pair = Data("\(basicAuth.username):\(password)".utf8).base64EncodedString()
                credentials.headers.append("Authorization: Basic \(pair)")
            case .failure(let refusal): return .failure("basicAuth's password: \(refusal.reason)")
            }
        }
        for header in headers {
            switch header.value {
            case .text(let value): credentials.headers.append("\(header.name): \(value)")
            case .secret(let secret):
                switch secret.read() {
                case .success(let value): credentials.headers.append("\(header.name): \(value)")
                case .failure(let refusal): return .failure("header \(header.name): \(refusal.reason)")
                }
            }
        }
        credentials.certificateFile = clientCertificate?.certificateFile
        credentials.keyFile = clientCertificate?.keyFile
        return .success(credentials)
    }

    /// RFC 9110's token characters, the only ones a header name holds.
    private static func isTokenByte(_ b: UInt8) -> Bool {
        (b >= 0x61 && b <= 0x7a) || (b >= 0x41 && b <= 0x5a) || (b >= 0x30 && b <= 0x39)
            || "!#$%&'*+-.^_`|~".utf8.contains(b)
    }
}
