import Testing

@testable import RingKit

/// `reduce` rolls a list of values up into one, drawn as that one value with the scale that goes with it; and values
/// are read as Prometheus and Alertmanager write them.
struct RollupTests {
    /// Each roll-up is the ring of the one value and scale it gives, key and all: six 0/1 values summed read 4 of 6.
    @Test(arguments: [
        ("value=1,0,1,1,0,1&max=1&reduce=sum", "value=4&max=6"),
        ("value=3,4,5&reduce=sum", "value=12&max=300"),
        ("value=1,0,1,1,0,1&reduce=count", "value=4&max=6"),
        ("value=0,0,2.5&reduce=count", "value=1&max=3"),
        ("value=3,4,5&reduce=avg", "value=4"),
        ("value=30,10,20&reduce=min", "value=10"),
        ("value=30,10,20&reduce=max", "value=30"),
        // Each value's own max goes with it (a stored value's record, `max=10,20`).
        ("value=1,2&max=10,20&reduce=max", "value=2&max=20"),
        ("value=1,2&max=10,20&reduce=min", "value=1&max=10"),
        ("value=1,2&max=10,30&reduce=avg", "value=1.5&max=20"),
        ("value=1,2&max=10,30&reduce=sum", "value=3&max=40"),
        ("value=5&min=-10&max=40&reduce=sum", "value=5&min=-10&max=40"),
        ("value=1,2&min=-10&max=40&reduce=sum", "value=3&min=-20&max=80"),
        ("value=72&reduce=avg", "value=72"),
    ])
    func aRollUpIsTheRingOfItsValue(query: String, same: String) throws {
        let label = "&label=%7Bvalue%7D%20of%20%7Bmax%7D"
        let rolled = try RingSpec.parse(query: query + label)
        let plain = try RingSpec.parse(query: same + label)
        #expect(rolled.canonicalKey == plain.canonicalKey, "\(query)")
        #expect(RingGeometry(rolled).label == RingGeometry(plain).label)
        #expect(
            try BarSpec.parse(query: query).canonicalKey(for: .svg)
                == BarSpec.parse(query: same).canonicalKey(for: .svg))
    }

    /// A badge, which draws one value, takes a list only through a roll-up.
    @Test func aBadgeTakesAListThroughARollUp() throws {
        let badge = try BadgeSpec.parse(query: "value=1,1,0&max=1&reduce=sum")
        #expect(badge.canonicalKey == (try BadgeSpec.parse(query: "value=2&max=3")).canonicalKey)
        #expect(throws: ParameterError.self) { try BadgeSpec.parse(query: "value=1,1,0") }
        let all = try BadgeSpec.parse(query: "value=1,1,1&reduce=count&map=3:all%20systems%20operational:green")
        #expect(all.valueText == "all systems operational")
    }

    /// Refusals name `reduce` and what it accepts; a list too long, or a sum too large to draw, is named too.
    @Test(arguments: [
        ("value=1,2&reduce=total", #"reduce: "total" is not a roll-up (accepted: min, max, sum, avg or count)"#),
        ("reduce=Sum", #"reduce: "Sum" is not a roll-up (accepted: min, max, sum, avg or count)"#),
        ("value=1,x&reduce=sum", #"value: "1,x" has "x", which is not a number (accepted: 1…100 decimals"#),
        ("value=1e308,1e308&max=1e308&reduce=sum", "reduce: \"sum\" gives a number too large to draw"),
        ("value=1,2&max=1e308&reduce=sum", "reduce: \"sum\" gives a number too large to draw"),
        ("value=" + Array(repeating: "1", count: 101).joined(separator: ",") + "&reduce=sum", "lists 101 values"),
    ])
    func refusalsNameTheParameter(query: String, message: String) throws {
        #expect {
            _ = try RingSpec.parse(query: query)
        } throws: { error in
            (error as? ParameterError)?.message.contains(message) == true
        }
    }

    /// A hundred values roll up; the ring's limit of five is for one ring per value.
    @Test func aRollUpTakesAHundredValues() throws {
        let list = Array(repeating: "1", count: 100).joined(separator: ",")
        #expect(try RingSpec.parse(query: "value=\(list)&reduce=count").reading == ValueReading(value: 100, max: 100))
    }

    /// As Prometheus and Alertmanager write numbers: `1.23e+09` with its `+` sent unencoded (a space in a query),
    /// `NaN`, `+Inf` and `-Inf`, and `error`; a map shows the special ones, +Inf on a full ring, the others empty.
    @Test func prometheusSpellingsAreRead() throws {
        #expect(try RingSpec.parse(query: "value=1.23e+09&max=1e10").reading.value == 1.23e9)
        #expect(try RingSpec.parse(query: "value=1.5E-3").reading.value == 0.0015)
        for (text, match) in [
            ("NaN", ValueMap.Match.nan), ("%2BInf", .inf), ("+Inf", .inf), ("inf", .inf), ("-Inf", .negativeInf),
            ("error", .error),
        ] {
            let spec = try RingSpec.parse(query: "value=\(text)&map=nan:none,inf:over,-inf:under,error:down:red")
            #expect(spec.valueStyle.missing == match, "\(text)")
            #expect(spec.reading.value == (match == .inf ? 100 : 0), "\(text)")
            #expect(try RingSpec.parse(query: spec.canonicalKey) == spec)
        }
        let down = try RingSpec.parse(query: "value=error&map=error:down:red")
        #expect(RingGeometry(down).label == "down" && down.effectiveColor == RGBAColor.parse("red"))
        // Written +Inf as sent, the map item matches too.
        #expect(try RingSpec.parse(query: "value=+Inf&map=+Inf:over").valueStyle.missing == .inf)
    }
}
