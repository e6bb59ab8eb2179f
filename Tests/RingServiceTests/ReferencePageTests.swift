import Foundation
import Testing

@testable import RingKit
@testable import RingService

/// The parameter reference at `/parameters`: every link on it leads somewhere, it lists the units `unit=` accepts,
/// and on a phone's width its rows wrap rather than run off the page (Tests/Browser/reference_pages.py measures it
/// in Chromium).
struct ReferencePageTests {
    let service = makeService()

    /// Every `[text](target)` of the Markdown in `text`: its target.
    static func linkTargets(in text: String) -> [String] {
        var targets: [String] = []
        var rest = Substring(text)
        while let open = rest.range(of: "](") {
            let after = rest[open.upperBound...]
            guard let close = after.firstIndex(of: ")") else { break }
            targets.append(String(after[..<close]))
            rest = after[close...]
        }
        return targets
    }

    /// What every `href` of the page is, by the rule the page must keep: an element of the page, or a page of this
    /// server that answers 200.
    @Test func everyLinkOnThePageLeadsSomewhere() throws {
        let html = service.get("/parameters").text
        let ids = Set(html.components(separatedBy: "id=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) })
        let hrefs = html.components(separatedBy: "href=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
        #expect(hrefs.count > 10)
        for href in hrefs {
            if href.hasPrefix("#") {
                #expect(ids.contains(String(href.dropFirst())), "\(href) leads to no element of the page")
            } else {
                #expect(href.hasPrefix("/"), "\(href) leads off the server")
                #expect(service.get(href.replacingOccurrences(of: "&amp;", with: "&")).status.code == 200, "\(href)")
            }
        }
    }

    /// A reference in the table's Markdown ("see [units](#units)") is a link where its target is on the page, and
    /// otherwise names the document or the site that explains it: never a bare text that leads nowhere.
    @Test func everyReferenceOfTheTableLeadsToThePageOrNamesItsDocument() {
        var seen = 0
        for (_, _, rows) in ReferencePage.sections {
            for (name, docs) in rows {
                for text in [docs.meaning, docs.defaultText, docs.accepted] {
                    for target in Self.linkTargets(in: text) {
                        seen += 1
                        let html = ReferencePage.inline(text)
                        let linked = html.contains("<a href=\"\(target)\">")
                        let named = html.contains("(<code>docs/") || html.contains("(simpleicons.org)")
                        #expect(linked || named, "\(name): \(target) in \(html)")
                    }
                }
            }
        }
        #expect(seen > 10)
        #expect(ReferencePage.inline("see [units](#units)") == "see <a href=\"#units\">units</a>")
        #expect(
            ReferencePage.inline("for a [stored value](stored-values.md)")
                == "for a stored value (<code>docs/stored-values.md</code>)")
    }

    /// The units section lists every unit `unit=` takes, each with examples the unit itself writes.
    @Test func theUnitsSectionListsEveryUnitUnitAccepts() throws {
        let html = service.get("/parameters").text
        let start = try #require(html.range(of: "<h2 id=\"units\">"), "no units section")
        let section = html[start.lowerBound...]
        for name in NumberUnit.named.map(\.0) + NumberUnit.customForms.map({ $0 + ":TEXT" }) {
            #expect(section.contains("<code>\(name)</code>"), "\(name)")
        }
        #expect(section.contains("<code>1536</code> → <code>1.5 KiB</code>"))
        #expect(section.contains("<code>si:W</code>: <code>1500</code> → <code>1.5 kW</code>"))
        #expect(html.contains("<a href=\"#units\">"))
    }

    /// On a phone's width the rows are laid out as blocks and a long value breaks anywhere, so the accepted column
    /// wraps inside the page instead of running off it.
    @Test func onAPhoneTheRowsWrapInsteadOfRunningOffThePage() throws {
        let style = ReferencePage.style
        let phone = try #require(style.range(of: "@media (max-width:40rem){"), "no rule for narrow screens")
        let rules = style[phone.upperBound...]
        #expect(rules.contains("table,tbody,tr,td,tbody th{display:block}"))
        #expect(rules.contains("td[data-label]::before{content:attr(data-label)"))
        #expect(style.contains("td{overflow-wrap:anywhere}"))
        let html = service.get("/parameters").text
        #expect(html.contains("<td role=\"cell\" data-label=\"accepted\">"))
    }
}
