internal import CLibXML2

#if canImport(Glibc)
    import Glibc
#endif

/// Walks an XML report's elements in document order with libxml2's streaming reader, so a report of tens of
/// megabytes is never held as a tree. libxml2 reads with network access off (`XML_PARSE_NONET`), with neither
/// entity substitution (`XML_PARSE_NOENT`) nor DTD loading (`XML_PARSE_DTDLOAD`, `XML_PARSE_DTDATTR`): a DOCTYPE
/// naming a DTD (JaCoCo writes one) is read as a name only. A report that declares entities is refused before
/// libxml2 sees it, and elements nested deeper than `maxDepth` are refused as they are reached.
enum XMLReportWalk {
    /// How deep a report's elements may nest (JUnit suites inside suites included).
    static let maxDepth = 64

    /// An element as the walk meets it: its local name, its depth (the root is 0) and its attributes.
    struct Element {
        fileprivate let reader: xmlTextReaderPtr
        let name: String
        let depth: Int

        /// The attribute `name`, or nil when the element has none.
        func attribute(_ name: String) -> String? {
            // Moving to the attribute gives its value as a string the reader owns: nothing to free.
            guard xmlTextReaderMoveToAttribute(reader, name) == 1 else { return nil }
            defer { xmlTextReaderMoveToElement(reader) }
            return xmlTextReaderConstValue(reader).map { String(cString: $0) }
        }

        /// The attribute `name` as a count from 0 to 2^53, nil when absent, or a refusal naming it.
        func count(_ name: String, format: ReportFormat) throws(ReportError) -> Int? {
            guard let text = attribute(name) else { return nil }
            guard let count = ReportNumber.count(text), count <= CoverageCount.limit else {
                throw ReportError(
                    "the \(format.title) report's <\(self.name)> has \(name)=\(ReportNumber.quoted(text.utf8)), not a "
                        + "whole count from 0 to 2^53")
            }
            return count
        }
    }

    private static let initialized: Bool = {
        xmlInitParser()
        return true
    }()

    /// Calls `visit` with each element, root first; throws the refusal of a document that is not well-formed XML,
    /// declares entities or nests too deep, and whatever `visit` throws.
    static func walk(
        _ bytes: [UInt8], format: ReportFormat, visit: (Element) throws(ReportError) -> Void
    ) throws(ReportError) {
        if contains(bytes, "<!ENTITY") {
            throw ReportError("the \(format.title) report declares entities (<!ENTITY), which are refused")
        }
        guard bytes.count < Int(Int32.max) else { throw ReportError("the \(format.title) report is too large") }
        _ = initialized
        // A hostile report must not write to the server's log: libxml2's reports on this thread are dropped.
        xmlSetStructuredErrorFunc(nil) { _, _ in }
        xmlResetLastError()
        let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue)
        var failure: ReportError?
        var sawRoot = false
        bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) { chars in
                guard let reader = xmlReaderForMemory(chars, Int32(buffer.count), nil, nil, options) else {
                    failure = ReportError("the \(format.title) report cannot be read (libxml2 refused it)")
                    return
                }
                defer { xmlFreeTextReader(reader) }
                while true {
                    let step = xmlTextReaderRead(reader)
                    if step == 0 { break }
                    guard step == 1 else {
                        failure = notWellFormed(format)
                        return
                    }
                    guard xmlTextReaderNodeType(reader) == Int32(XML_READER_TYPE_ELEMENT.rawValue) else { continue }
                    let depth = Int(xmlTextReaderDepth(reader))
                    guard depth <= maxDepth else {
                        failure = ReportError(
                            "the \(format.title) report nests elements deeper than \(maxDepth) levels")
                        return
                    }
                    sawRoot = true
                    let name = xmlTextReaderConstLocalName(reader).map { String(cString: $0) } ?? ""
                    do throws(ReportError) {
                        try visit(Element(reader: reader, name: name, depth: depth))
                    } catch {
                        failure = error
                        return
                    }
                }
            }
        }
        if let failure { throw failure }
        guard sawRoot else { throw ReportError("the \(format.title) report has no root element") }
    }

    /// The name of the root element, for recognising a report by its content; nil when the bytes do not begin
    /// like XML with an element.
    static func rootName(_ bytes: [UInt8]) -> String? {
        var root: String?
        // Only the start is read: the root is the first element, and the rest may be megabytes.
        try? walk(Array(bytes.prefix(64 * 1024)), format: .junit) { element throws(ReportError) in
            if root == nil { root = element.name }
            throw ReportError("found")
        }
        return root
    }

    private static func notWellFormed(_ format: ReportFormat) -> ReportError {
        guard let error = xmlGetLastError() else {
            return ReportError("the \(format.title) report is not well-formed XML")
        }
        let text = error.pointee.message.map { String(cString: $0) } ?? ""
        let reason = text.split(separator: "\n").first.map { ": " + ReportNumber.quoted(Array($0.utf8)) } ?? ""
        return ReportError(
            "the \(format.title) report is not well-formed XML (line \(error.pointee.line)\(reason))")
    }

    private static func contains(_ bytes: [UInt8], _ needle: String) -> Bool {
        let pattern = Array(needle.utf8)
        return bytes.withUnsafeBufferPointer { haystack in
            var i = 0
            let last = haystack.count - pattern.count
            while i <= last {
                // memchr finds each candidate's first byte; a 32 MiB report is scanned in a few milliseconds.
                guard let found = memchr(haystack.baseAddress! + i, Int32(pattern[0]), last - i + 1) else {
                    return false
                }
                i = haystack.baseAddress!.distance(to: found.assumingMemoryBound(to: UInt8.self))
                if pattern.indices.allSatisfy({ haystack[i + $0] == pattern[$0] }) { return true }
                i += 1
            }
            return false
        }
    }
}
