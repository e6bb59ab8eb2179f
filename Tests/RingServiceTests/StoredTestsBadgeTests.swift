import Foundation
import HTTPServer
import RingKit
import TestSupport
import Testing

@testable import RingService

/// `preset=tests` on the server: the badge of a JUnit report pushed to `tests` reads the run's own records
/// (`tests`, `tests.failed`, `tests.skipped`), changes with a push to any of them, and is refused by the preset's
/// name where a sibling is missing.
@Suite(.serialized)
final class StoredTestsBadgeTests {
    static let token = "pr_test-token-for-tests-badges"
    let folder = NSTemporaryDirectory() + "/stored-tests-badge-\(UUID().uuidString)"
    let service: RingService

    init() throws {
        service = try makeStoredService(folder: folder, token: Self.token)
    }

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    /// A JUnit report of `passed` passing, `failed` failing and `skipped` skipped test cases.
    static func junit(passed: Int, failed: Int, skipped: Int) -> String {
        let cases =
            (0..<passed).map { "<testcase name=\"p\($0)\"/>" }
            + (0..<failed).map { "<testcase name=\"f\($0)\"><failure/></testcase>" }
            + (0..<skipped).map { "<testcase name=\"s\($0)\"><skipped/></testcase>" }
        return "<testsuites><testsuite>" + cases.joined() + "</testsuite></testsuites>"
    }

    func text(_ target: String) -> String { String(decoding: service.get(target).body, as: UTF8.self) }

    /// A pushed report draws shields' words: passes alone, then failures, then skips where there are some.
    @Test func aPushedReportReadsAsShieldsTestResults() {
        let target = "/badge.svg?value=@tests&preset=tests"
        #expect(service.push("tests", Self.junit(passed: 40, failed: 0, skipped: 0), token: Self.token).status == .ok)
        let green = service.get(target)
        #expect(green.status == .ok && green.header("X-Source") == "stored")
        let body = String(decoding: green.body, as: UTF8.self)
        #expect(body.contains(">40 passed<") && body.contains("tests: 40 passed") && !body.contains("failed"))
        #expect(service.push("tests", Self.junit(passed: 40, failed: 2, skipped: 1), token: Self.token).status == .ok)
        #expect(text(target).contains(">40 passed, 2 failed, 1 skipped<"))
        #expect(text("/badge.svg?value=@tests&preset=tests-compact").contains(">✔ 40 | ✘ 2 | ➟ 1<"))
        let document = text("/badge.json?value=@tests&preset=tests")
        #expect(document.contains(#""message": "40 passed, 2 failed, 1 skipped""#))
        #expect(document.contains(##""color": "#e05d44""##))
    }

    /// A push to `tests.failed` alone changes the image, its pixels and its ETag: red with a failure, brightgreen
    /// once there is none.
    @Test func aPushToTheFailedCountChangesTheETagAndTheColor() throws {
        #expect(service.push("tests", Self.junit(passed: 40, failed: 2, skipped: 0), token: Self.token).status == .ok)
        let target = "/badge.png?value=@tests&preset=tests"
        let red = service.get(target)
        #expect(service.get(target).header("ETag") == red.header("ETag"))
        #expect(service.push("tests.failed", "0", token: Self.token).status == .ok)
        let green = service.get(target)
        #expect(green.status == .ok && green.header("ETag") != red.header("ETag"))
        for (response, color) in [(red, Pixel(0xe0, 0x5d, 0x44)), (green, Pixel(0x44, 0xcc, 0x11))] {
            let png = try #require(DecodedPNG(response.body))
            let pixel = png[png.width - 2, png.height / 2]
            #expect(pixel.isClose(to: color, tolerance: 16), "\(pixel)")
        }
    }

    /// A value pushed as a number has no siblings: the preset says which it reads and how to store them.
    @Test func aMissingSiblingIsRefusedByThePreset() {
        #expect(service.push("plain", "12", token: Self.token).status == .ok)
        let refused = service.get("/badge.svg?value=@plain&preset=tests")
        #expect(refused.status == .badRequest)
        #expect(
            refused.header("X-Error")
                == "preset: \"tests\" reads @plain.failed, which names no stored value (push one with PUT "
                + "/values/plain.failed)")
        let unstored = service.get("/badge.svg?value=12&preset=tests")
        #expect(unstored.status == .badRequest && unstored.header("X-Error")?.hasPrefix("preset: \"tests\"") == true)
    }
}
