/// How the service proves who it is to one Prometheus server (`prometheusServers`' `bearerToken`, `basicAuth`,
/// `headers`, `clientCertificate`): for Prometheus behind oauth2-proxy, Grafana Cloud or Mimir. Secrets are named
/// where they live (a file, an environment variable), never held in the settings, so `--print-config` and every
/// message show where a secret is, never what it is. They are read again for each fetch: a rotated token file
/// (a Kubernetes projected token) is used without a restart.
public struct PrometheusAuth: Sendable, Hashable {
    /// Where a secret is read from. A file's one trailing line break is dropped (what `echo` and editors leave).
    public enum Secret: Sendable, Hashable, CustomStringConvertible {
        case file(String)
        case environment(String)

        /// Where the secret is, for messages: never its text.
        public var description: String {
            switch self {
            case .file(let path): "file \(LiveText.quoted(path))"
            case .environment(let name): "environment variable \(name)"
            }
        }
    }

    /// A header's value: plain text (`X-Scope-OrgID: tenant-1`, not a secret), or a secret read where it lives.
    public enum HeaderValue: Sendable, Hashable {
        case text(String)
        case secret(Secret)
    }

    /// One header sent with every query to the server (never to a host a redirect leads to).
    public struct Header: Sendable, Hashable {
        public var name: String
        public var value: HeaderValue

        public init(name: String, value: HeaderValue) {
            self.name = name
            self.value = value
        }
    }

    /// A user name (not a secret) and its password (one).
    public struct BasicAuth: Sendable, Hashable {
        public var username: String
        public var password: Secret

        public init(username: String, password: Secret) {
            self.username = username
            self.password = password
        }
    }

    /// A client certificate for TLS: PEM files of the certificate (its chain after it) and its private key.
    public struct ClientCertificate: Sendable, Hashable {
        public var certificateFile: String
        public var keyFile: String

        public init(certificateFile: String, keyFile: String) {
            self.certificateFile = certificateFile
            self.keyFile = keyFile
        }
    }

    /// `Authorization: Bearer …`.
    public var bearerToken: Secret?
    /// `Authorization: Basic …`.
    public var basicAuth: BasicAuth?
    public var headers: [Header] = []
    public var clientCertificate: ClientCertificate?

    public init(
        bearerToken: Secret? = nil, basicAuth: BasicAuth? = nil, headers: [Header] = [],
        clientCertificate: ClientCertificate? = nil
    ) {
        self.bearerToken = bearerToken
        self.basicAuth = basicAuth
        self.headers = headers
        self.clientCertificate = clientCertificate
    }

    /// No authentication at all: the server is asked as before.
    public var isEmpty: Bool { bearerToken == nil && basicAuth == nil && headers.isEmpty && clientCertificate == nil }

    /// Headers whose value is a credential: given as plain text in the settings they would sit in the file that
    /// `--print-config` prints and operators paste into tickets, so they must name a file or a variable.
    static let secretHeaders: Set<String> = ["authorization", "proxy-authorization", "cookie"]

    /// Headers the fetcher writes itself, or that would change how the answer is framed.
    static let reservedHeaders: Set<String> = [
        "host", "accept", "accept-encoding", "user-agent", "content-length", "transfer-encoding", "connection",
        "te", "upgrade", "expect",
    ]
}
