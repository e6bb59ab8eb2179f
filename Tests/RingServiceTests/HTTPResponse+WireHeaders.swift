import Foundation
import HTTPServer

extension HTTPResponse {
    /// Header fields parsed back from the serialized head, as a client would see them.
    var wireHeaders: [(name: String, value: String)] {
        let text = String(decoding: head, as: UTF8.self)
        return text.components(separatedBy: "\r\n").dropFirst().compactMap { line in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (
                String(line[..<colon]), String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
            )
        }
    }

    func header(_ name: String) -> String? {
        wireHeaders.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    var text: String { String(decoding: body, as: UTF8.self) }
}
