import RingKit
import Testing

/// CSS Color 4's functional notations, as a browser reads them: `color=rgb(1,2,3)` once answered "lists 3 colors for
/// 1 ring".
struct CSSColorFunctionTests {
    @Test(arguments: [
        ("rgb(1,2,3)", RGBAColor(1, 2, 3)), ("rgb(1, 2, 3)", RGBAColor(1, 2, 3)), ("RGB(1 2 3)", RGBAColor(1, 2, 3)),
        ("rgba(255,0,0,0.5)", RGBAColor(255, 0, 0, 128)), ("rgb(37 99 235 / 50%)", RGBAColor(37, 99, 235, 128)),
        ("rgb(100% 0% 50%)", RGBAColor(255, 0, 128)), ("rgb(300,-5,0)", RGBAColor(255, 0, 0)),
        ("hsl(120,100%,25%)", RGBAColor(0, 128, 0)), ("hsl(0.5turn 50% 50%)", RGBAColor(64, 191, 191)),
        ("hsla(240deg, 100%, 50%, 0.25)", RGBAColor(0, 0, 255, 64)), ("hsl(-120 100% 50%)", RGBAColor(0, 0, 255)),
    ])
    func readsAsCSSDoes(text: String, color: RGBAColor) {
        #expect(RGBAColor.parse(text) == color, "\(text)")
    }

    @Test(arguments: [
        "rgb(1,2)", "rgb(1,2,3,4,5)", "rgb(1 2 3 4)", "rgb(a,b,c)", "rgb(1,2,3", "rgb()", "rgb(1, 2 3)",
        "hsl(1e999,50%,50%)", "cmyk(1,2,3,4)", "rgb(1 2 3 / )",
    ])
    func refusesWhatCSSRefuses(text: String) {
        #expect(RGBAColor.parse(text) == nil, "\(text)")
    }

    @Test func listsAndThresholdsSplitOnlyOutsideParentheses() throws {
        let spec = try RingSpec.parse(query: "value=50,20&color=red,rgb(1,2,3)")
        #expect(spec.innerRings.first?.color == RGBAColor(1, 2, 3))
        let one = try RingSpec.parse(query: "value=50&color=rgb(1,2,3)")
        #expect(one.color == RGBAColor(1, 2, 3))
        let thresholds = try Thresholds.parse("50:rgb(255,165,0),80:hsl(120,100%,25%)")
        #expect(thresholds.color(forPercent: 90, default: RGBAColor(0, 0, 0)) == RGBAColor(0, 128, 0))
        #expect(thresholds.color(forPercent: 60, default: RGBAColor(0, 0, 0)) == RGBAColor(255, 165, 0))
    }
}
