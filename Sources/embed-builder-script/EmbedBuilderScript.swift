import Foundation

// Writes the Swift file that embeds the pages' scripts: `embed-builder-script OUTPUT TYPE FILE.js... [-- TYPE
// FILE.js...]...` (run by BuilderScriptPlugin at build time). Each TYPE's files, byte for byte one after the other
// less the last one's final newline, become `TYPE.script`, a raw string (every non-empty line behind the literal's
// indentation, which Swift strips, so lines of spaces stay as they are); a file that does not end with exactly one
// newline, holds a carriage return, or holds what would end or escape the raw string, fails the build with its name.

@main
struct EmbedBuilderScript {
    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("embed-builder-script: \(message)\n".utf8))
        exit(1)
    }

    static func read(_ path: String) -> String {
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8)
        else {
            fail("\(path): cannot be read as UTF-8")
        }
        // A carriage return would be read by Swift as a line break of its own and leave the string unequal.
        guard !text.unicodeScalars.contains("\r") else { fail("\(path): has a carriage return (CRLF?): use LF") }
        guard text.hasSuffix("\n"), !text.hasSuffix("\n\n") else {
            fail("\(path): must end with exactly one newline")
        }
        guard !text.contains("\"\"\"#"), !text.contains("\\#") else {
            fail("\(path): holds \"\"\"# or \\#, which would end or escape the Swift raw string")
        }
        return text
    }

    /// `extension TYPE { static let script = #"""…"""# }` of the files.
    static func embedded(type: String, paths: ArraySlice<String>) -> String {
        guard !type.isEmpty, type.allSatisfy({ $0.isLetter || $0.isNumber }), !paths.isEmpty else {
            fail("a script is a type's name and one or more files, not \(type) \(paths.joined(separator: " "))")
        }
        let script = paths.map(read).joined()
        let indent = String(repeating: " ", count: 8)
        let body = script.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            .map { $0.isEmpty ? "" : indent + $0 }.joined(separator: "\n")
        let names = paths.map { URL(fileURLWithPath: $0).lastPathComponent }.joined(separator: ", ")
        return """
            // Written at build time by embed-builder-script from \(names).
            extension \(type) {
                /// The page's script, its files one after the other.
                static let script = #\"\"\"
            \(body)
            \(indent)\"\"\"#
            }

            """
    }

    static func main() {
        let arguments = CommandLine.arguments.dropFirst()
        guard let output = arguments.first, arguments.count > 2 else {
            fail("usage: embed-builder-script OUTPUT TYPE FILE.js... [-- TYPE FILE.js...]...")
        }
        let groups = arguments.dropFirst().split(separator: "--", omittingEmptySubsequences: false)
        let swift = groups.map { group in embedded(type: group.first ?? "", paths: group.dropFirst()) }.joined()
        do {
            try Data(swift.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
        } catch {
            fail("\(output): \(error)")
        }
    }
}
