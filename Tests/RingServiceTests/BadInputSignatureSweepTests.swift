import Foundation
import HTTPServer
import RingKit
import TestSupport
import Testing

@testable import RingService

/// `sig`, `exp` and `key` with hostile values on a server that checks signatures: each answer is a 403 image of the
/// requested format whose `X-Error` names the signing parameter at fault, never stored, its head plain ASCII; never
/// a 200 (no hostile value signs anything) and never a 500.
@Suite(.serialized)
struct BadInputSignatureSweepTests {
    static let service = makeService {
        $0.signing.keys = [URLKey(name: "k", secret: Array("a sweep secret of thirty-two bytes or more".utf8))]
    }

    static func problems(_ response: HTTPResponse, target: String, format: ImageFormat) -> [String] {
        var found: [String] = []
        func check(_ condition: Bool, _ what: @autoclosure () -> String) {
            if !condition { found.append("\(what()) for \(target.prefix(200))") }
        }
        check(response.status == .forbidden, "status \(response.status.code)")
        check(response.header("Content-Type") == format.contentType, "Content-Type")
        check(response.header("Cache-Control") == "no-store", "error without no-store")
        let message = response.header("X-Error") ?? ""
        check(["sig: ", "exp: ", "key: "].contains { message.hasPrefix($0) }, "X-Error \(message)")
        check(message.utf8.count <= RingService.maxErrorHeaderBytes, "X-Error of \(message.utf8.count) bytes")
        check(message.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }, "X-Error not printable ASCII: \(message)")
        switch format {
        case .svg: check(response.text.contains("<svg"), "no SVG")
        case .png: check(DecodedPNG(response.body) != nil, "no PNG")
        case .gif: check(response.body.starts(with: Array("GIF89a".utf8)), "no GIF")
        case .webp: check(response.body.count > 12 && Array(response.body[8..<12]) == Array("WEBP".utf8), "no WebP")
        }
        return found
    }

    /// Alone, and beside a signature of the right shape (so `exp` and `key` are read, not only missing a `sig`).
    @Test(arguments: SigningParameters.names)
    func everyHostileSigningValueIsA403NamingIt(parameter: String) async throws {
        let shaped = "&sig=" + String(repeating: "0", count: 64)
        let found = try await onOwnThread {
            BadInputSweepTests.hostileValues.flatMap { value in
                ["", shaped].flatMap { extra in
                    [ImageFormat.svg, .png].flatMap { format in
                        guard format == .svg || value.count < 40 else { return [String]() }
                        let target =
                            "/ring.\(format.rawValue)?value=1&\(parameter)=\(value)" + (parameter == "sig" ? "" : extra)
                        return Self.problems(Self.service.get(target), target: target, format: format)
                    }
                }
            }
        }
        #expect(found.isEmpty, "\(found)")
    }
}
