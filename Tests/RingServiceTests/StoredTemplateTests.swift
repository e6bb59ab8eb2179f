import Foundation
import HTTPServer
import RingKit
import Testing

@testable import RingService

/// Other stored values in an image: `{@name}` in any template, and `previous=@name`. The image is byte for byte the
/// one of the same numbers in the URL, depends on every value it writes (a push of any changes it), and refuses
/// unknown, badly named and private names as `value=@name` is refused.
@Suite(.serialized)
final class StoredTemplateTests {
    static let token = "pr_test-token-for-templates"
    let folder = NSTemporaryDirectory() + "/stored-templates-\(UUID().uuidString)"
    let service: RingService

    init() throws {
        service = try makeStoredService(folder: folder, token: Self.token) { config in
            config.signing.keys = [URLKey(name: "k", secret: SignedURLTests.secret)]
            config.signing.privateValues = ["internal.*"]
        }
        for (name, body) in [
            ("tests", #"{"value": 40, "max": 42}"#), ("tests.failed", "2"), ("main.coverage", "88"),
            ("coverage.feature-x", "87.6"), ("internal.sla", "99.2"),
        ] {
            #expect(service.push(name, body, token: Self.token).status == .ok)
        }
    }

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    static let passedFailed = "message=%7Bvalue%7D%20passed%2C%20%7B%40tests.failed%7D%20failed"

    /// `{@tests.failed}` draws the number stored under that name: the badge of the same numbers in the URL.
    @Test func aTemplateWritesAnotherStoredValue() {
        let stored = service.get("/badge.svg?label=tests&value=@tests&" + Self.passedFailed)
        let literal = service.get(
            "/badge.svg?label=tests&value=40&max=42&message=%7Bvalue%7D%20passed%2C%202%20failed")
        #expect(stored.status == .ok && stored.header("X-Source") == "stored")
        #expect(stored.body == literal.body)
        #expect(String(decoding: stored.body, as: UTF8.self).contains("40 passed, 2 failed"))
        // On a ring's label beside a number in the URL, and on a sparkline's.
        let ring = service.get("/ring.svg?value=30&label=%7B%40tests.failed%7D%20failed")
        #expect(ring.status == .ok && ring.body == service.get("/ring.svg?value=30&label=2%20failed").body)
        let spark = service.get("/spark.svg?points=1,2,3&label=%7B%40tests.failed%7D")
        #expect(spark.status == .ok && spark.body == service.get("/spark.svg?points=1,2,3&label=2").body)
    }

    /// A push to the other name changes the image and its ETag, as a push to the value's own does.
    @Test func aPushToTheOtherNameChangesTheImage() {
        let target = "/badge.svg?label=tests&value=@tests&" + Self.passedFailed
        let before = service.get(target)
        #expect(service.get(target).header("ETag") == before.header("ETag"))
        #expect(service.push("tests.failed", "3", token: Self.token).status == .ok)
        let after = service.get(target)
        #expect(after.header("ETag") != before.header("ETag"))
        #expect(String(decoding: after.body, as: UTF8.self).contains("40 passed, 3 failed"))
        let png = "/badge.png?label=tests&value=@tests&" + Self.passedFailed
        let pngBefore = service.get(png)
        #expect(service.push("tests.failed", "0", token: Self.token).status == .ok)
        #expect(service.get(png).header("ETag") != pngBefore.header("ETag"))
    }

    /// Unknown, badly named, too many and private names are refused by the template's parameter.
    @Test func badOtherNamesAreRefusedByTheirParameter() {
        let cases: [(String, String)] = [
            (
                "/badge.svg?value=1&message=%7B%40nothing%7D",
                "message: \"{@nothing}\" reads @nothing, which names no stored value (push one with PUT "
                    + "/values/nothing)"
            ),
            (
                "/ring.svg?value=1&label=%7B%40Bad%7D",
                "label: \"{@Bad}\" writes {@Bad}, which names no stored value: the name holds a character other "
                    + "than a-z 0-9 . _ - (names are lower case)"
            ),
        ]
        for (target, expected) in cases {
            let refused = service.get(target)
            #expect(refused.status == .badRequest, "\(target)")
            #expect(refused.header("X-Error") == expected, "\(target)")
        }
        let nine = String(repeating: "%7B%40tests.failed%7D", count: TemplateValues.limit + 1)
        let tooMany = service.get("/badge.svg?value=1&message=" + nine)
        #expect(tooMany.status == .badRequest)
        #expect(
            tooMany.header("X-Error")?.hasSuffix("writes 9 stored values; a template writes at most 8 ({@name})")
                == true)
        let secret = service.get("/badge.svg?value=1&message=%7B%40internal.sla%7D")
        #expect(secret.status == .forbidden)
        #expect(!String(decoding: secret.body, as: UTF8.self).contains("99.2"))
        #expect(
            service.get("/ring.svg?value=@coverage.feature-x&previous=@internal.sla&label=%7Bdelta%7D").status
                == .forbidden)
        // Beside a live source or a period there is no stored value to write it beside.
        let live = service.get("/ring.svg?until=2099-01-01&label=%7B%40tests.failed%7D")
        #expect(live.status == .badRequest && live.header("X-Error")?.contains("cannot be given with until") == true)
    }

    /// `previous=@main.coverage` compares a branch's value with main's: `{delta}` reads ▼0.4.
    @Test func previousComparesWithAnotherStoredValue() {
        let query =
            "value=@coverage.feature-x&previous=@main.coverage&label=coverage&message=%7Bvalue%7D%25%20%7Bdelta%7D"
        let stored = service.get("/badge.svg?" + query)
        let literal = service.get(
            "/badge.svg?value=87.6&previous=88&label=coverage&message=%7Bvalue%7D%25%20%7Bdelta%7D")
        #expect(stored.status == .ok && stored.body == literal.body)
        #expect(String(decoding: stored.body, as: UTF8.self).contains("87.6% ▼0.4"))
        let ring = service.get("/ring.svg?value=@coverage.feature-x&previous=@main.coverage&label=%7Bdelta%7D")
        #expect(ring.body == service.get("/ring.svg?value=87.6&previous=88&label=%7Bdelta%7D").body)
        // Main moving changes the branch's image.
        #expect(service.push("main.coverage", "87", token: Self.token).status == .ok)
        #expect(String(decoding: service.get("/badge.svg?" + query).body, as: UTF8.self).contains("87.6% ▲0.6"))
        let missing = service.get("/ring.svg?value=@main.coverage&previous=@nothing&label=%7Bdelta%7D")
        #expect(
            missing.header("X-Error")
                == "previous: \"@nothing\" reads @nothing, which names no stored value (push one with PUT "
                + "/values/nothing)")
    }
}
