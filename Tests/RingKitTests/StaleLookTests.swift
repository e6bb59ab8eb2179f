import Testing

@testable import RingKit

/// The stale look: drawn only where the request says the value is stale, and then in one color, keyed apart.
struct StaleLookTests {
    /// Without `staleSince`, `staleColor` and `staleLabel` shape nothing: the same key, so the same bytes and ETag.
    @Test(arguments: [Drawing.Kind.ring, .bar, .badge])
    func theLookShapesNothingUntilTheValueIsStale(kind: Drawing.Kind) throws {
        let plain = try Drawing.parse(.init(kind: kind, query: "value=72&thresholds=50:red"))
        let given = try Drawing.parse(
            .init(kind: kind, query: "value=72&thresholds=50:red&staleColor=%230000ff&staleLabel=old"))
        #expect(given.canonicalKey(for: .svg) == plain.canonicalKey(for: .svg))
        var request = Drawing.Request(
            kind: kind, query: "value=72&thresholds=50:red&staleColor=%230000ff&staleLabel=old")
        request.staleSince = 1_786_269_600_000
        let stale = try Drawing.parse(request)
        #expect(stale.canonicalKey(for: .svg) != plain.canonicalKey(for: .svg))
        #expect(stale.canonicalKey(for: .svg).contains("&staleSince=1786269600000"))
        let svg = String(decoding: try stale.render(.svg), as: UTF8.self)
        #expect(svg.contains("#0000ff") && !svg.contains("#ff0000"))
        #expect(svg.contains("&#40;stale: no new value since 2026-08-09 10:00 UTC&#41;"))
    }

    /// A ring's every ring, gradient and map color give way to the one color; the label is `staleLabel`, filled.
    @Test func everyRingTakesTheColorAndTheLabelIsFilled() throws {
        var request = Drawing.Request(
            kind: .ring,
            query: "value=30,60&color=red,green&gradient=orange&map=30:low:purple&staleLabel=%7Bvalue%7D%3F")
        request.staleSince = 0
        let spec = try #require(try Drawing.parse(request).image as? RingSpec)
        #expect((0..<spec.ringCount).allSatisfy { spec.effectiveColor(ofRing: $0) == StaleLook.defaultColor })
        #expect(spec.gradient(ofRing: 0) == nil && spec.thresholds == nil)
        #expect(spec.label == .template("{value}?"))
        #expect(
            AccessibleName.ring(spec, label: "low?", fractions: [0.3, 0.6]).hasSuffix(
                "(stale: no new value since 1970-01-01 00:00 UTC)"))
    }

    /// `staleAfter`'s grammar: a whole number and a unit from a minute to 400 days, or `off`.
    @Test func staleAfterReadsDurationsInRange() {
        #expect(StaleLook.after("30d") == Int64(2_592_000_000))
        #expect(StaleLook.after("1m") == 60_000 && StaleLook.after("off") == 0)
        for bad in ["59s", "401d", "30", "d", "+1d", "1.5d", "-1d", "1w", ""] {
            #expect(StaleLook.after(bad) == nil, "\(bad)")
        }
    }

    /// `{age}`'s steps: the words hold until the next whole unit, or the next step's start where that comes first.
    @Test func ageStepsAndWhenTheyChange() {
        let minute: Int64 = 60_000, hour = 60 * minute, day = 24 * hour
        let cases: [(Int64, AgeStep.Unit, Int64, Int64)] = [
            (-5_000, .second, 0, minute), (59_999, .second, 0, minute), (minute, .minute, 1, 2 * minute),
            (59 * minute, .minute, 59, hour), (hour + 1, .hour, 1, 2 * hour), (day, .day, 1, 2 * day),
            (6 * day, .day, 6, 7 * day), (29 * day, .week, 4, 30 * day), (30 * day, .month, 1, 60 * day),
            (364 * day, .month, 12, 365 * day), (800 * day, .year, 2, 1095 * day),
        ]
        for (age, unit, count, next) in cases {
            let step = AgeStep(age: age)
            #expect(step.unit == unit && step.count == count && step.nextAge == next, "\(age)")
        }
    }
}
