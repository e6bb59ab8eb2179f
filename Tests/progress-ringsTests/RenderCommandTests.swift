import Foundation
import TestSupport
import Testing

/// Runs the built `progress-rings` binary, as a user would.
struct RenderCommandTests {
    func run(_ arguments: String...) async throws -> BuiltBinary.Run { try await BuiltBinary.run(arguments) }

    func run(_ arguments: [String]) async throws -> BuiltBinary.Run { try await BuiltBinary.run(arguments) }

    func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("render-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func writesAPNGNamedByItsExtension() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("ring.PNG")
        let result = try await run("render", "value=72&color=red&size=100&scale=2", "-o", file.path)
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.isEmpty)

        let image = try #require(DecodedPNG([UInt8](try Data(contentsOf: file))))
        #expect(image.width == 200 && image.height == 200)
        // The progress starts at 12 o'clock: the middle of the stroke there is the requested red.
        #expect(image[100, 10] == Pixel(255, 0, 0))
    }

    /// `.gif` and `.webp` name their formats too: an animated GIF of the bar and a WebP that dwebp reads.
    @Test func writesGIFAndWebPNamedByTheirExtensions() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let gif = directory.appendingPathComponent("sprint.gif")
        let drawn = try await run("render", "--bar", "value=7&max=12&animate=1", "-o", gif.path)
        #expect(drawn.status == 0, "\(drawn.errors)")
        let frames = try DecodedGIF([UInt8](try Data(contentsOf: gif))).frames
        #expect(frames.count == 16 && frames[0].width == 200 && frames[0].height == 20)
        let webp = directory.appendingPathComponent("ring.webp")
        #expect(try await run("render", "value=72&scale=2", "-o", webp.path).status == 0)
        #expect(try DecodedWebP([UInt8](try Data(contentsOf: webp))).width == 256)
    }

    @Test func writesSVGToStandardOutputByDefault() async throws {
        let result = try await run("render", "value=72&size=64")
        #expect(result.status == 0)
        let text = result.text
        #expect(text.hasPrefix("<svg"))
        #expect(text.contains("width=\"64\""))
        #expect(text.contains("72%"))
    }

    @Test func drawsABadgeWithTheBadgeOption() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("coverage.png")
        let query = "label=coverage&value=72&labelColor=red&color=blue&style=flat-square"
        let result = try await run("render", "--badge", query, "-o", file.path)
        #expect(result.status == 0, "\(result.errors)")

        let image = try #require(DecodedPNG([UInt8](try Data(contentsOf: file))))
        #expect(image.height == 20)
        #expect(image.width > 60)
        // flat-square: square corners and no shade, so the edges are the exact label and value colors.
        // shields' red and blue: a badge's color names are shields'.
        #expect(image[1, 10] == Pixel(0xe0, 0x5d, 0x44))
        #expect(image[image.width - 2, 10] == Pixel(0, 0x7e, 0xc6))

        let svg = try await run("render", "-b", "label=coverage&value=72")
        #expect(svg.status == 0)
        let text = svg.text
        #expect(text.hasPrefix("<svg"))
        #expect(text.contains("height=\"20\""))
        #expect(text.contains(">coverage<") && text.contains(">72%<"))
    }

    /// `-f PNG` is `-f png`, as a file name's `.PNG` is: the format is read in any case.
    @Test func anUpperCaseFormatNamesTheSameFormat() async throws {
        let png = try await run("render", "value=72&size=64", "-f", "PNG")
        #expect(png.status == 0, "\(png.errors)")
        let image = try #require(DecodedPNG(png.output))
        #expect(image.width == 64 && image.height == 64)
        let svg = try await run("render", "value=72&size=64", "--format=SVG")
        #expect(svg.status == 0, "\(svg.errors)")
        #expect(svg.text.hasPrefix("<svg") && svg.text.contains("width=\"64\""))
    }

    @Test func drawsABarOfItsOwnSizeWithTheBarOption() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("sprint.png")
        let query = "value=50&width=300&height=24&radius=0&color=red&track=blue&label=none"
        let result = try await run("render", "--bar", query, "-o", file.path)
        #expect(result.status == 0, "\(result.errors)")

        let image = try #require(DecodedPNG([UInt8](try Data(contentsOf: file))))
        #expect(image.width == 300 && image.height == 24)
        // Half filled from the left with square ends: red up to the middle, the blue track after it.
        #expect(image[1, 1] == Pixel(255, 0, 0) && image[148, 22] == Pixel(255, 0, 0))
        #expect(image[152, 1] == Pixel(0, 0, 255) && image[298, 22] == Pixel(0, 0, 255))

        let svg = try await run("render", "value=50", "--bar")
        #expect(svg.status == 0, "\(svg.errors)")
        #expect(svg.text.hasPrefix("<svg") && svg.text.contains("width=\"200\" height=\"20\""))
        #expect(svg.text.contains(">50%</text>"))
    }

    /// A badge or a bar, not both: either order is bad usage, and nothing is drawn.
    @Test(arguments: [["--bar", "--badge"], ["--badge", "--bar"], ["-b", "--bar"], ["--bar", "--bar"]])
    func aBarAndABadgeTogetherAreBadUsage(options: [String]) async throws {
        let result = try await run(["render", "value=5"] + options)
        #expect(result.status == 2)
        #expect(result.output.isEmpty)
        #expect(result.errors.hasPrefix("progress-rings render: one of --badge, --bar and --spark, once\n"))
    }

    @Test func refusesABadBadgeQueryWithTheParameterMessage() async throws {
        let result = try await run("render", "--badge", "style=round")
        #expect(result.status == 2)
        #expect(result.output.isEmpty)
        #expect(result.errors.hasPrefix("progress-rings render: style: "))
        #expect(result.errors.contains("round"))
    }

    @Test func refusesABadQueryWithTheParameterMessage() async throws {
        let result = try await run("render", "size=5000", "-o", "-")
        #expect(result.status == 2)
        #expect(result.output.isEmpty)
        #expect(result.errors == "progress-rings render: size: 5000 is out of range 16…1024\n")
    }

    @Test func failsWithStatusOneWhenTheFileCannotBeWritten() async throws {
        let result = try await run("render", "value=1", "-o", "/nonexistent-directory/ring.svg")
        #expect(result.status == 1)
        #expect(result.errors.contains("cannot write /nonexistent-directory/ring.svg"))
    }

    @Test(arguments: [
        ["render", "-o", "ring.jpg"],
        ["render", "--format", "tiff"],
        ["render", "-o", "ring.png", "--format", "svg"],
        ["render", "a=1", "b=2"],
        ["render", "--frobnicate"],
        ["render", "--badge=yes"],
        ["render", "--badge", "-b"],
        ["render", "-o"],
        ["draw"],
        [],
    ])
    func badUsageExitsWithStatusTwo(arguments: [String]) async throws {
        let result = try await run(arguments)
        #expect(result.status == 2)
        #expect(result.output.isEmpty)
        #expect(!result.errors.isEmpty)
    }

    @Test func helpAndVersionSucceedOnEveryCommand() async throws {
        for arguments in [["--help"], ["render", "--help"], ["render", "-h"]] {
            let result = try await run(arguments)
            #expect(result.status == 0)
            #expect(result.text.contains("usage: progress-rings"))
        }
        for first in ["--version", "render"] {
            let result = try await run(first, "--version")
            #expect(result.status == 0)
            #expect(result.text == "progress-rings 0.1.0\n")
        }
    }
}
