import Foundation
import HTTPServer
import RingKit
import StoredValues
import Testing

@testable import RingService

/// `/spark.svg?value=@name`: a stored value's history drawn as the same points in the URL would be, against a real
/// SQLite file.
@Suite(.serialized)
final class StoredSparkTests {
    static let token = "pr_test-token-for-spark"
    let folder = NSTemporaryDirectory() + "/stored-spark-\(UUID().uuidString)"
    let service: RingService

    init() throws {
        service = try makeStoredService(folder: folder, token: Self.token)
    }

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    func push(_ name: String, _ body: String) {
        #expect(service.push(name, body, token: Self.token).status.code == 200)
    }

    /// The history's points are written into the request: the same bytes and ETag as those points in the URL, the
    /// same ETag while the history is unchanged, and a new one after a push.
    @Test func theHistoryIsDrawnAsItsPointsAndAPushChangesTheETag() throws {
        for value in ["3", "5", "4"] { push("coverage", value) }
        let stored = service.get("/spark.svg?value=@coverage&label=auto")
        let literal = service.get("/spark.svg?points=3,5,4&label=auto")
        #expect(stored.status == .ok && stored.body == literal.body)
        #expect(stored.header("ETag") == literal.header("ETag"))
        #expect(stored.header("X-Source") == "stored")
        #expect(stored.header("Cache-Control") == "public, max-age=300, s-maxage=300")
        #expect(stored.header("Last-Modified") != nil)
        let again = service.get("/spark.svg?value=@coverage&label=auto")
        #expect(again.header("ETag") == stored.header("ETag"))
        let etag = try #require(stored.header("ETag"))
        #expect(service.get("/spark.svg?value=@coverage&label=auto", ["If-None-Match": etag]).status == .notModified)
        // The same value pushed again is a new point: the line changes.
        push("coverage", "4")
        let after = service.get("/spark.svg?value=@coverage&label=auto")
        #expect(after.header("ETag") != stored.header("ETag"))
        #expect(after.body == service.get("/spark.svg?points=3,5,4,4&label=auto").body)
        let png = service.get("/spark.png?value=@coverage&scale=2")
        #expect(png.body == service.get("/spark.png?points=3,5,4,4&scale=2").body)
    }

    /// The record's `max` is the top of the scale unless the URL gives one; the history is thinned to the width.
    @Test func theRecordsMaxAppliesAndALongHistoryIsThinnedToTheWidth() {
        for value in 1...20 { push("ci.tests", "{\"value\": \(value), \"max\": 40}") }
        let points = (1...20).map(String.init).joined(separator: ",")
        #expect(
            service.get("/spark.svg?value=@ci.tests").body == service.get("/spark.svg?points=\(points)&max=40").body)
        #expect(
            service.get("/spark.svg?value=@ci.tests&max=20").body
                == service.get("/spark.svg?points=\(points)&max=20").body)
        let thinned = SparkHistory.points((1...20).map(Double.init), atMost: 16)
        let text = thinned.map(ValuesResponder.number).joined(separator: ",")
        #expect(thinned.count == 16)
        #expect(
            service.get("/spark.svg?value=@ci.tests&width=16").body
                == service.get("/spark.svg?points=\(text)&max=40&width=16").body)
    }

    /// `points=share`: each point as a percent of the max pushed with it, so a suite that grew from 40 of 42 to 45
    /// of 50 plots its pass rate falling (95.2 → 90), on a scale up to 100, and `{value}` and `label=auto` write the
    /// last share. Without it the same history plots the counts against the record's max.
    @Test func pointsShareDrawsEachPointAgainstItsOwnMax() {
        push("ci.tests", "{\"value\": 40, \"max\": 42}")
        push("ci.tests", "{\"value\": 45, \"max\": 50}")
        let first = ValuesResponder.number(40.0 / 42 * 100)
        let shares = service.get("/spark.svg?value=@ci.tests&points=share&label=%7Bvalue%7D%25%20of%20%7Bmax%7D")
        let literal = service.get("/spark.svg?points=\(first),90&max=100&label=%7Bvalue%7D%25%20of%20%7Bmax%7D")
        #expect(shares.status == .ok && shares.body == literal.body)
        #expect(shares.text.contains("90% of 100"))
        #expect(
            service.get("/spark.svg?value=@ci.tests&points=share&label=auto&decimals=1").text.contains(">90.0<"))
        #expect(service.get("/spark.svg?value=@ci.tests&points=share&label=auto&unit=percent").text.contains(">90%<"))
        #expect(
            service.get("/spark.svg?value=@ci.tests").body == service.get("/spark.svg?points=40,45&max=50").body)
        // The counts' line and the shares' differ: one rises, the other falls.
        #expect(shares.body != service.get("/spark.svg?value=@ci.tests&label=%7Bvalue%7D%25%20of%20%7Bmax%7D").body)
        // previous=@name compares with that value's share: 38 of 40 is 95.
        push("main.tests", "{\"value\": 38, \"max\": 40}")
        #expect(
            service.get("/spark.svg?value=@ci.tests&points=share&previous=@main.tests&label=%7Bdelta%7D").body
                == service.get("/spark.svg?points=\(first),90&max=100&previous=95&label=%7Bdelta%7D").body)
        // A max in the URL still sets the scale.
        #expect(
            service.get("/spark.svg?value=@ci.tests&points=share&max=95").body
                == service.get("/spark.svg?points=\(first),90&max=95").body)
    }

    /// A point pushed without a max is of the default 100 (drawn as pushed); one of a max of 0 is 0.
    @Test func pointsShareReadsAMissingMaxAsTheDefaultAndAnEmptySprintAsZero() {
        push("sprint", "30")
        push("sprint", "{\"value\": 0, \"max\": 0}")
        push("sprint", "{\"value\": 3, \"max\": 4}")
        #expect(
            service.get("/spark.svg?value=@sprint&points=share").body
                == service.get("/spark.svg?points=30,0,75&max=100").body)
        #expect(SparkHistory.share(1e308, of: 1e-10) == .greatestFiniteMagnitude)
    }

    /// A missing name, a list, a window out of range: an error image naming the parameter.
    @Test(arguments: [
        ("value=@nothing", "value: \"@nothing\" names no stored value (push one with PUT /values/nothing)"),
        (
            "value=@a,@b",
            "value: \"@a,@b\" is not one stored value; a sparkline draws one value's history (accepted: "
                + "value=@name)"
        ),
        (
            "value=@coverage&window=10m",
            "window: \"10m\" is not a window of 1h...400d (accepted: a whole number and s, "
                + "m, h or d, such as 30d or 12h)"
        ),
        (
            "value=@coverage&window=401d",
            "window: \"401d\" is not a window of 1h...400d (accepted: a whole number and "
                + "s, m, h or d, such as 30d or 12h)"
        ),
        (
            "value=@coverage&points=1,2",
            "points: \"1,2\" cannot be given with value=@coverage: its points are the stored history (accepted: "
                + "points or value=@name, not both; points=share draws each point as a percent of its max)"
        ),
        (
            "value=@coverage&url=https%3A%2F%2Fci.example%2Fc.json",
            "url: \"https://ci.example/c.json\" is a live value, one number read now, and a sparkline draws a "
                + "series; a document keeps no history (accepted: points=3,5,4,8, prometheus= for a query's "
                + "history, or value=@name for a stored value's)"
        ),
        (
            "prometheus=up&value=@coverage",
            "prometheus: \"up\" cannot be given with value=@name: a sparkline draws one history (accepted: "
                + "prometheus or value=@name, not both)"
        ),
    ])
    func badStoredSparklinesNameTheParameter(query: String, expected: String) {
        push("coverage", "1")
        let response = service.get("/spark.svg?" + query + "&width=200")
        #expect(response.status == .badRequest && response.header("X-Error") == expected)
        #expect(response.text.contains("width=\"200\""))
    }
}

/// A history thinned for a sparkline keeps the last point and averages the rest in runs.
struct SparkHistoryTests {
    @Test func aShortHistoryIsKeptWhole() {
        #expect(SparkHistory.points([1, 2, 3], atMost: 4) == [1, 2, 3])
    }

    @Test func aLongHistoryIsAveragedInRunsWithTheLastPointExact() {
        let values = (0..<9).map(Double.init)  // 0…8
        // Eight older points in four runs of two, then the last.
        #expect(SparkHistory.points(values, atMost: 5) == [0.5, 2.5, 4.5, 6.5, 8])
        let many = (0..<10_000).map { Double($0 % 7) }
        let thinned = SparkHistory.points(many, atMost: SparkHistory.bound(width: 120))
        #expect(thinned.count == 120 && thinned.last == many.last)
        #expect(SparkHistory.bound(width: 1024) == SparkSpec.Limits.points)
    }
}
