import RingKit

/// libFuzzer entry: reads the input as a custom logo's SVG (what `logo=data:image/svg+xml;base64,…` decodes to) and
/// traps when the logo parser breaks a promise: a refusal is one short sentence without control characters; a logo
/// it keeps draws, in a badge's SVG with nothing active in it (no script, style, reference or handler) and in a PNG.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, size > 0 else { return 0 }
    let svg = Array(UnsafeBufferPointer(start: data, count: size))
    let logo: Logo
    do {
        logo = try CustomLogo.parse(svg: svg)
    } catch {
        let reason = error.reason
        if reason.isEmpty || reason.count > 300
            || reason.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        {
            fatalError("refusal is not one short sentence: \(reason)")
        }
        return 0
    }
    var spec = BadgeSpec()
    spec.label = "logo"
    spec.logo = logo
    let text = String(decoding: BadgeRenderer.svg(spec), as: UTF8.self).lowercased()
    for active in ["<script", "<style", "href", "url(", "<image", "<use", "<foreignobject", " on", "<!"] {
        if active == " on" {
            // Attribute names we write never start with "on".
            if text.contains(" onload") || text.contains(" onclick") || text.contains(" onerror") {
                fatalError("an event attribute reached the SVG")
            }
        } else if text.contains(active) {
            fatalError("\(active) reached the SVG")
        }
    }
    do {
        _ = try BadgeRenderer.png(spec)
    } catch {
        fatalError("a kept logo does not draw as a PNG: \(error)")
    }
    return 0
}
