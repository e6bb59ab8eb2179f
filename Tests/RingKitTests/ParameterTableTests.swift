import Foundation
import RingKit
import TestSupport
import Testing

/// The parameter table (`ImageParameter.all`) is the one source of what each image reads: these check that what is
/// built from it (the docs' tables, the fuzzer's dictionary) says the same, and that its rows hold together.
struct ParameterTableTests {
    static let docsPath = packageRoot.appendingPathComponent("docs/parameters.md")

    /// The marker line before each generated table in docs/parameters.md.
    static func marker(_ table: ImageParameter.DocsTable) -> String {
        "<!-- table: \(table.rawValue) parameters, written from ImageParameter (see docs/development.md) -->"
    }

    /// docs/parameters.md with every generated table as the parameter table writes it: the lines after each
    /// marker, up to the first blank line, replaced.
    static func docsAsTheTableWritesThem(_ docs: String) -> String {
        var lines = docs.components(separatedBy: "\n")
        for table in ImageParameter.DocsTable.allCases {
            guard let start = lines.firstIndex(of: marker(table)) else { continue }
            var end = start + 1
            while end < lines.count && !lines[end].isEmpty { end += 1 }
            let written = ImageParameter.markdown(table).split(separator: "\n").map(String.init)
            lines.replaceSubrange((start + 1)..<end, with: written)
        }
        return lines.joined(separator: "\n")
    }

    /// Each table of docs/parameters.md is the one the parameter table writes. `UPDATE_DOCS=1 swift test --filter
    /// ParameterTableTests` rewrites them after a change to the table.
    @Test func docsParameterTablesAreWrittenFromTheTable() throws {
        let docs = try String(contentsOf: Self.docsPath, encoding: .utf8)
        for table in ImageParameter.DocsTable.allCases {
            #expect(docs.contains(Self.marker(table)), "docs/parameters.md has no marker for the \(table) table")
        }
        let expected = Self.docsAsTheTableWritesThem(docs)
        if expected != docs, ProcessInfo.processInfo.environment["UPDATE_DOCS"] == "1" {
            try expected.write(to: Self.docsPath, atomically: true, encoding: .utf8)
            return
        }
        #expect(expected == docs, "docs/parameters.md's tables differ from ImageParameter: run UPDATE_DOCS=1")
    }

    /// The spec fuzzer's dictionary holds every parameter name a spec reads, so it reaches every row's reader.
    @Test func fuzzerDictionaryNamesEveryParameter() throws {
        let dictionary = try String(
            contentsOf: packageRoot.appendingPathComponent("Tests/Fuzz/spec.dict"), encoding: .utf8)
        let entries = Set(dictionary.split(separator: "\n").map(String.init))
        for row in ImageParameter.all where !row.readByService {
            #expect(entries.contains("\"\(row.name)=\""), "Tests/Fuzz/spec.dict lacks \"\(row.name)=\"")
        }
    }

    /// A row's kinds are exactly the images that read it: a spec reads a name if and only if a row names that
    /// kind, and what the service reads (the live values) no spec reads.
    @Test func kindsAreExactlyTheImagesThatReadARow() {
        for kind in Drawing.Kind.allCases.map(\.parameterKind) {
            let declared = Set(ImageParameter.rows(for: kind).filter { !$0.readByService }.map(\.name))
            #expect(Set(ImageParameter.names(readBy: kind)) == declared)
            for row in ImageParameter.all where row.readByService {
                #expect(!ImageParameter.isRead(row.name, by: kind))
            }
        }
    }

    /// Kinds are declared once, in `Drawing.Kind`: each names its type, whose kind it is, with a parameter bit no
    /// other kind holds; the rows a kind declares as its own name only it, and the table holds them.
    @Test func everyKindIsDeclaredOnceWithABitOfItsOwn() {
        let kinds = Drawing.Kind.allCases
        #expect(Set(kinds.map(\.parameterKind.rawValue)).count == kinds.count)
        for kind in kinds {
            #expect(kind.type.kind == kind)
            #expect(kind.parameterKind.rawValue.nonzeroBitCount == 1)
            #expect(Drawing.Kind(parameterKind: kind.parameterKind) == kind)
            for own in kind.type.ownParameters {
                #expect(own.kinds == kind.parameterKind, "\(own.name) of \(kind)")
                #expect(ImageParameter.all.contains { $0.name == own.name && $0.kinds == own.kinds })
            }
        }
    }

    /// Names repeat only across kinds: no kind has two rows of one name.
    @Test func noKindHasTwoRowsOfOneName() {
        for kind in Drawing.Kind.allCases.map(\.parameterKind) {
            let names = ImageParameter.rows(for: kind).map(\.name)
            #expect(names.count == Set(names).count, "\(names)")
        }
    }

    /// The canonical key lists the parameters in their places: existing URLs keep their keys (and so their ETags)
    /// as long as new rows take new places at the end.
    @Test func keyOrderIsThePlaceOrder() {
        #expect(
            ImageParameter.names(readBy: .ring) == [
                "value", "min", "max", "size", "thickness", "color", "track", "background", "textColor", "cap", "arc",
                "start", "direction", "label", "decimals", "fontSize", "fontWeight", "animate", "scale", "title",
                "cacheSeconds", "theme", "thresholds", "gradient", "unit", "locale", "thresholdsMode", "map", "target",
                "markers", "neutral", "previous", "logo", "logoColor", "staleColor", "staleLabel", "tz", "matte",
                "refresh", "reduce", "sort", "limit",
            ])
        #expect(
            ImageParameter.names(readBy: .badge) == [
                "label", "labelColor", "color", "thresholds", "value", "min", "max", "decimals", "style", "scale",
                "cacheSeconds", "icon", "theme", "unit", "locale", "thresholdsMode", "map", "neutral", "message",
                "logo", "logoColor", "staleColor", "staleLabel", "tz", "textColor", "matte", "refresh", "previous",
                "reduce", "preset",
            ])
        #expect(
            ImageParameter.names(readBy: .spark) == [
                "value", "min", "max", "color", "background", "textColor", "label", "decimals", "fontSize",
                "fontWeight",
                "scale",
                "title", "cacheSeconds", "theme", "thresholds", "unit", "locale", "thresholdsMode", "previous",
                "staleColor", "staleLabel", "tz", "matte", "refresh", "points", "width", "height", "fill",
            ])
    }

    /// Reading follows a fixed order, the amount and its bounds first: a query with two bad parameters always
    /// names the same one, and `min` before a bad look.
    @Test func theAmountIsCheckedBeforeItsLook() {
        func badgeMessage(_ query: String) -> String {
            do { _ = try BadgeSpec.parse(query: query) } catch { return error.message }
            return ""
        }
        #expect(badgeMessage("color=zz&value=x").hasPrefix("value:"))
        #expect(badgeMessage("labelColor=zz&max=0").hasPrefix("max:"))
        #expect(ringMessage("value=x&min=y")?.hasPrefix("min:") == true)
        #expect(ringMessage("color=zz&size=5000")?.hasPrefix("size:") == true)
    }
}
