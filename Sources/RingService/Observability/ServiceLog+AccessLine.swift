import HTTPServer

extension ServiceLog {
    /// One line per request: at `info`, or at `warn` for an answer an operator should see at `logLevel=warn` (a
    /// client refused for its rate, a value its source failed to give).
    func access(
        level: Level = .info, method: String, path: Substring, status: Int, bytes: Int, microseconds: Int,
        outcome: String? = nil, cache: String, source: String? = nil, client: ClientAddress? = nil,
        agent: String? = nil, error: String? = nil
    ) {
        guard writes(level) else { return }
        // The address's text is made on the stack before the lock is taken, and written from there.
        guard let client, carries(.client) else {
            return appendAccess(
                level: level, method: method, path: path, status: status, bytes: bytes, microseconds: microseconds,
                outcome: outcome, cache: cache, source: source, client: nil, agent: agent, error: error)
        }
        client.withText { text in
            appendAccess(
                level: level, method: method, path: path, status: status, bytes: bytes, microseconds: microseconds,
                outcome: outcome, cache: cache, source: source, client: text, agent: agent, error: error)
        }
    }

    /// The access line's fields written straight into the buffer, in their order, with no list of them built: the
    /// line is on every request's path.
    private func appendAccess(
        level: Level, method: String, path: Substring, status: Int, bytes: Int, microseconds: Int,
        outcome: String?, cache: String, source: String?, client: UnsafeBufferPointer<UInt8>?, agent: String?,
        error: String?
    ) {
        let fields = fieldBits.load(ordering: .relaxed)
        appendLine(level: level, message: "request") { buffer, format in
            Self.appendKey(&buffer, format, "method")
            Self.appendText(&buffer, format, method)
            Self.appendKey(&buffer, format, "path")
            Self.appendText(&buffer, format, path)
            Self.appendKey(&buffer, format, "status")
            Self.appendInteger(&buffer, status)
            Self.appendKey(&buffer, format, "bytes")
            Self.appendInteger(&buffer, bytes)
            Self.appendKey(&buffer, format, "duration_us")
            Self.appendInteger(&buffer, microseconds)
            // What the answer was (`ServiceMetrics.Outcome`: image, error_image, not_modified, page, refused).
            if let outcome, fields & AccessField.outcome.bit != 0 {
                Self.appendKey(&buffer, format, "outcome")
                Self.appendText(&buffer, format, outcome)
            }
            Self.appendKey(&buffer, format, "cache")
            Self.appendText(&buffer, format, cache)
            // Only on images of live values: where the value came from.
            if let source {
                Self.appendKey(&buffer, format, "source")
                Self.appendText(&buffer, format, source)
            }
            // Who asked (the connection's peer; behind a proxy, the proxy), with what, and why an answer refused
            // it. `access` has left the client out already when `logFields` does.
            if let client {
                Self.appendKey(&buffer, format, "client")
                Self.appendText(&buffer, format, client)
            }
            if let agent, fields & AccessField.agent.bit != 0 {
                Self.appendKey(&buffer, format, "agent")
                // At most `agentLength` characters: a text of no more bytes than that has no more characters.
                if agent.utf8.count <= Self.agentLength {
                    Self.appendText(&buffer, format, agent)
                } else {
                    Self.appendText(&buffer, format, agent.prefix(Self.agentLength))
                }
            }
            if let error, fields & AccessField.error.bit != 0 {
                Self.appendKey(&buffer, format, "error")
                Self.appendText(&buffer, format, error)
            }
        }
    }
}
