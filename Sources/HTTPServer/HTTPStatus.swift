/// An HTTP status: the code and the reason phrase written on the status line.
public struct HTTPStatus: Sendable, Hashable, CustomStringConvertible {
    public let code: Int
    public let reasonPhrase: String

    public init(code: Int, reasonPhrase: String) {
        self.code = code
        self.reasonPhrase = reasonPhrase
    }

    public var description: String { "\(code) \(reasonPhrase)" }

    public static let ok = HTTPStatus(code: 200, reasonPhrase: "OK")
    public static let noContent = HTTPStatus(code: 204, reasonPhrase: "No Content")
    public static let notModified = HTTPStatus(code: 304, reasonPhrase: "Not Modified")
    public static let badRequest = HTTPStatus(code: 400, reasonPhrase: "Bad Request")
    public static let unauthorized = HTTPStatus(code: 401, reasonPhrase: "Unauthorized")
    public static let forbidden = HTTPStatus(code: 403, reasonPhrase: "Forbidden")
    public static let notFound = HTTPStatus(code: 404, reasonPhrase: "Not Found")
    public static let methodNotAllowed = HTTPStatus(code: 405, reasonPhrase: "Method Not Allowed")
    public static let notAcceptable = HTTPStatus(code: 406, reasonPhrase: "Not Acceptable")
    public static let requestTimeout = HTTPStatus(code: 408, reasonPhrase: "Request Timeout")
    public static let lengthRequired = HTTPStatus(code: 411, reasonPhrase: "Length Required")
    public static let contentTooLarge = HTTPStatus(code: 413, reasonPhrase: "Content Too Large")
    public static let unsupportedMediaType = HTTPStatus(code: 415, reasonPhrase: "Unsupported Media Type")
    public static let uriTooLong = HTTPStatus(code: 414, reasonPhrase: "URI Too Long")
    public static let expectationFailed = HTTPStatus(code: 417, reasonPhrase: "Expectation Failed")
    public static let tooManyRequests = HTTPStatus(code: 429, reasonPhrase: "Too Many Requests")
    public static let requestHeaderFieldsTooLarge = HTTPStatus(
        code: 431, reasonPhrase: "Request Header Fields Too Large")
    public static let internalServerError = HTTPStatus(code: 500, reasonPhrase: "Internal Server Error")
    public static let notImplemented = HTTPStatus(code: 501, reasonPhrase: "Not Implemented")
    public static let badGateway = HTTPStatus(code: 502, reasonPhrase: "Bad Gateway")
    public static let serviceUnavailable = HTTPStatus(code: 503, reasonPhrase: "Service Unavailable")
    public static let gatewayTimeout = HTTPStatus(code: 504, reasonPhrase: "Gateway Timeout")
    public static let httpVersionNotSupported = HTTPStatus(code: 505, reasonPhrase: "HTTP Version Not Supported")
    public static let insufficientStorage = HTTPStatus(code: 507, reasonPhrase: "Insufficient Storage")
}
