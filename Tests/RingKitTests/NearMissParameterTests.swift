import Testing

@testable import RingKit

/// A mistyped parameter name (another case, one edit away) is refused naming the parameter meant, rather than drawn
/// without it and cached for a day; any other unknown name is still ignored, as URLs outlive versions.
struct NearMissParameterTests {
    @Test(arguments: [
        ("ring", "Value=72", "Value", "value"), ("ring", "colour=red", "colour", "color"),
        ("ring", "thicknes=5", "thicknes", "thickness"), ("ring", "SIZE=64", "SIZE", "size"),
        ("ring", "lable=x", "lable", "label"), ("badge", "lable=x", "lable", "label"),
        ("badge", "Style=flat", "Style", "style"), ("bar", "widht=100", "widht", "width"),
        ("bar", "colour=red", "colour", "color"), ("spark", "pionts=1,2", "pionts", "points"),
        ("ring", "MAX=10", "MAX", "max"),
    ])
    func aNearMissNamesTheParameterMeant(kind: String, query: String, given: String, meant: String) {
        do {
            _ = try Self.parse(kind, query)
            Issue.record("\(kind) \(query) was drawn")
        } catch {
            #expect(error.parameter == given)
            #expect(error.message.contains("did you mean \(meant)?"), "\(error.message)")
        }
    }

    /// Names that are no near miss (short ones one edit away, others far off) and the names of other kinds'
    /// parameters draw as before.
    @Test(arguments: [
        "utm_source=feed", "v=2", "t=1700000000", "mac=1", "labelColor=red", "style=flat", "cache=no", "ref=readme",
        "logoWidth=14", "branch=main",
    ])
    func otherUnknownNamesAreIgnored(noise: String) throws {
        #expect(try RingSpec.parse(query: "value=5&" + noise) == RingSpec.parse(query: "value=5"))
        #expect(try BarSpec.parse(query: "value=5&" + noise) == BarSpec.parse(query: "value=5"))
    }

    static func parse(_ kind: String, _ query: String) throws(ParameterError) -> any Sendable {
        switch kind {
        case "badge": try BadgeSpec.parse(query: query)
        case "bar": try BarSpec.parse(query: query)
        case "spark": try SparkSpec.parse(query: query.contains("points") ? query : "points=1,2&" + query)
        default: try RingSpec.parse(query: query)
        }
    }
}
