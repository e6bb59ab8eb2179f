import Foundation

/// Screenshots of SVG images as Chromium shows them in a page (Debian package `chromium`), one image per row.
enum HeadlessChromium {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Renders `svgs` as `<img>` elements stacked at `rowHeight` CSS pixels apart from the top left corner, on a
    /// transparent page `width` pixels wide, at `scale` device pixels per CSS pixel, and returns the PNG screenshot.
    static func screenshot(of svgs: [[UInt8]], rowHeight: Int, width: Int, scale: Int = 1) throws -> [UInt8] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "badge-chromium-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var html =
            "<!doctype html><html><head><style>html,body{margin:0;background:transparent}"
            + "img{position:absolute;left:0;display:block}</style></head><body>"
        for (index, svg) in svgs.enumerated() {
            html += "<img style=\"top:\(index * rowHeight)px\" src=\"data:image/svg+xml;base64,"
            html += Data(svg).base64EncodedString() + "\">"
        }
        html += "</body></html>"
        let page = directory.appendingPathComponent("page.html")
        let shot = directory.appendingPathComponent("shot.png")
        try Data(html.utf8).write(to: page)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "chromium", "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
            "--user-data-dir=\(directory.appendingPathComponent("profile").path)",
            "--default-background-color=00000000", "--force-device-scale-factor=\(scale)",
            "--window-size=\(width),\(svgs.count * rowHeight)", "--screenshot=\(shot.path)", page.absoluteString,
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Bounded: a hung browser fails the test instead of stalling the suite.
        let deadline = Date().addingTimeInterval(60)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        if process.isRunning {
            process.terminate()
            throw Failure(description: "chromium did not finish within 60 s")
        }
        guard process.terminationStatus == 0, let png = FileManager.default.contents(atPath: shot.path) else {
            throw Failure(description: "chromium exited with status \(process.terminationStatus) and no screenshot")
        }
        return [UInt8](png)
    }
}
