/// Why a live value could not be read, as one sentence that names the parameter, e.g.
/// `url: https://x.test/c.json answered 404` or `query: $.totals.percent is not in the document`.
///
/// Every piece that came from a request or an upstream answer is shortened and escaped (`LiveText`), so a message
/// is safe in a header, a log line and an image. A configured source is named by its name, never by its URL, so an
/// internal address stays out of public error images.
public struct LiveError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of failure this is: the label of the fetch-outcome metric, and whether the request itself is at
    /// fault (`badParameter`, answered before any fetch) or the upstream is.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// The request's parameters are wrong or refused by the rules; nothing was fetched.
        case badParameter = "bad_parameter"
        /// The fetch was stopped by the rules: a refused connected address, a refused or excess redirect.
        case refused
        case timeout
        case tooLarge = "too_large"
        /// The upstream answered with a status other than 2xx.
        case status
        /// The host did not resolve, or refused or dropped the connection.
        case unreachable
        /// TLS failed: the certificate is not trusted or not for this name.
        case tls
        /// Too many fetches were in flight, overall or to this host, for the whole timeout.
        case busy
        /// The upstream answered with something other than JSON (a proxy's login page, an HTML error).
        case notJSON = "not_json"
        /// The document (or Prometheus' answer) holds no number where the request says: nothing there, null, no
        /// data.
        case noValue = "no_value"
        /// Prometheus answered several series where one number is needed.
        case manySeries = "many_series"
        /// The number read is NaN or infinite.
        case notFinite = "not_finite"
        /// Prometheus answered another type than a scalar or an instant vector (a range vector, a string).
        case wrongShape = "wrong_shape"
        /// Prometheus answered that it could not run the query (`"status": "error"`: bad data, a timeout, …).
        case queryError = "query_error"
    }

    /// A value that is there but not a number: JSON's `null` (and a Prometheus query with no data), NaN or an
    /// infinity. A value mapping (`map=null:no data`) can show these; without one they are errors like any other.
    public enum Missing: String, Sendable, Hashable {
        case null, nan
        /// `+Inf` and `-Inf`, as Prometheus writes them.
        case inf
        case negativeInf = "-inf"
    }

    /// The parameter at fault: `url`, `query`, `maxQuery`, `prometheus` or `server`.
    public let parameter: String
    /// The value shown, already shortened and escaped; empty when the reason needs none (`url: timed out after 2.5 s`).
    public let value: String
    public let reason: String
    public let kind: Kind
    /// Set where the value read was null or NaN.
    public let missing: Missing?
    /// Where the value was missing, the max the source read beside it (`maxQuery`): an image that maps the missing
    /// value still writes the total (`{max}`).
    public var missingMax: Double? = nil

    public init(parameter: String, value: String, reason: String, kind: Kind, missing: Missing? = nil) {
        self.parameter = parameter
        self.value = value
        self.reason = reason
        self.kind = kind
        self.missing = missing
    }

    /// What an error badge says, in a few words as shields does: `invalid url` for the request's mistake,
    /// `inaccessible` for a source that cannot be read, `no data`, `timed out`, ….
    public var brief: String {
        switch kind {
        case .badParameter: "invalid \(parameter)"
        case .refused, .status, .unreachable, .tls, .notJSON, .tooLarge: "inaccessible"
        case .timeout: "timed out"
        case .busy: "busy"
        case .noValue: missing == .null ? "no data" : "no value"
        case .manySeries: "many series"
        case .notFinite: "not a number"
        case .wrongShape, .queryError: "invalid query"
        }
    }

    /// True when the request itself is wrong (a 400), false when reading the value failed upstream.
    public var isBadRequest: Bool { kind == .badParameter }

    /// The sentence, e.g. `url: https://x.test/c.json answered 404`.
    public var message: String { value.isEmpty ? "\(parameter): \(reason)" : "\(parameter): \(value) \(reason)" }
    public var description: String { message }

    static func bad(_ parameter: String, _ value: String, _ reason: String) -> LiveError {
        LiveError(parameter: parameter, value: value, reason: reason, kind: .badParameter)
    }
}
