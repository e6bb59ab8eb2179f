import Foundation

/// Runs `rsvg-convert` (librsvg, Debian librsvg2-bin) on an SVG and returns the PNG it writes.
enum RSVG {
    static func render(_ svg: [UInt8], zoom: Int = 1) throws -> [UInt8] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["rsvg-convert", "--zoom", String(zoom), "--format", "png"]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        // Written from another thread: a large SVG could fill the pipe while rsvg-convert waits for us to read.
        let writer = input.fileHandleForWriting
        let data = Data(svg)
        Thread.detachNewThread {
            writer.write(data)
            try? writer.close()
        }
        let png = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return [UInt8](png)
    }
}
