import RingKit
import StoredValues

/// A stored value an image writes besides its own: `{@name}` in a template, or `previous=@name`; with the parameter
/// and the text that name it, which a refusal quotes.
struct OtherName: Sendable, Hashable {
    let name: String
    let parameter: String
    let text: String
}

extension StoredTarget {
    /// The other stored values `given` writes on an image of `kind`, each once, and the name `previous` compares
    /// with; or the refusal naming the parameter where a name breaks the rules or a template writes too many.
    static func otherNames(
        _ given: QueryParameters, kind: Drawing.Kind
    ) -> Result<(names: [OtherName], comparesWith: String?), ParameterError> {
        var others: [OtherName] = []
        for (parameter, text) in given.templates(of: kind) {
            let names: [String]
            do throws(ParameterError) {
                names = try TemplateValues.names(in: text, parameter: parameter)
            } catch {
                return .failure(error)
            }
            for name in names where !others.contains(where: { $0.name == name }) {
                if let problem = ValueName.problem(name) {
                    return .failure(
                        ParameterError(
                            parameter: parameter, value: ParameterError.quoted(text),
                            reason: "writes {@\(ParameterError.shown(name))}, which names no stored value: the name "
                                + problem))
                }
                others.append(OtherName(name: name, parameter: parameter, text: text))
            }
        }
        guard let previous = given.decoded("previous"), previous.hasPrefix("@") else {
            return .success((others, nil))
        }
        let name = String(previous.dropFirst())
        if let problem = ValueName.problem(name) {
            return .failure(
                ParameterError(
                    parameter: "previous", value: ParameterError.quoted(previous),
                    reason: "names no stored value: the name \(problem) (accepted: a number, or @name)"))
        }
        if !others.contains(where: { $0.name == name }) {
            others.append(OtherName(name: name, parameter: "previous", text: previous))
        }
        return .success((others, name))
    }

    /// The siblings a badge's `preset` reads beside its one stored value (`tests.failed`, `tests.skipped`), those
    /// `others` does not read already; none for any other image, or a value of no or several names (the badge's
    /// parser refuses the preset there, by name).
    static func presetNames(
        _ given: QueryParameters, kind: Drawing.Kind, names: [String], others: [OtherName]
    ) -> [OtherName] {
        guard kind == .badge, names.count == 1, let preset = given.decoded("preset"),
            TestResults.Preset(rawValue: preset) != nil
        else { return [] }
        return TestResults.siblings(of: names[0]).filter { name in !others.contains { $0.name == name } }.map {
            OtherName(name: $0, parameter: "preset", text: preset)
        }
    }

    /// Why `target`'s other values cannot be written where its value is read live or counted by the clock: they
    /// are written beside a stored value or a number in the URL.
    static func othersRefusal(_ target: StoredTarget, _ given: QueryParameters) -> ParameterError? {
        guard target.names.isEmpty, let other = target.others.first,
            let source = (LiveTarget.parameters + ClockTarget.parameters).first(where: given.contains)
        else { return nil }
        return ParameterError(
            parameter: other.parameter, value: ParameterError.quoted(other.text),
            reason: "reads a stored value, which cannot be given with \(source) (accepted: beside value=@name or a "
                + "number in the URL, not beside a live value or a period)")
    }

    /// The refusal of `name`, which has no value: naming `value`, or the parameter that wrote it as another.
    func missingRefusal(_ name: String) -> ParameterError {
        guard !names.contains(name), let other = others.first(where: { $0.name == name }) else {
            return ParameterError(
                parameter: "value", value: ParameterError.quoted("@" + name),
                reason: "names no stored value (push one with PUT /values/\(name))", brief: "no value")
        }
        return ParameterError(
            parameter: other.parameter, value: ParameterError.quoted(other.text),
            reason: "reads @\(name), which names no stored value (push one with PUT /values/\(name))",
            brief: "no value")
    }

    /// `all` (the records of `allNames`) as the value's own records, the others' numbers by name, and the text that
    /// tells them apart in an alias.
    func split(_ all: [StoredRecord]) -> (records: [StoredRecord], named: [String: Double], shown: String) {
        let (named, shown) = Self.named(all.dropFirst(names.count))
        return (Array(all.prefix(names.count)), named, shown)
    }

    /// The others' records as numbers by name, and as the text that tells them apart in an alias.
    static func named(_ others: some Sequence<StoredRecord>) -> (named: [String: Double], shown: String) {
        var named: [String: Double] = [:]
        var shown = ""
        for record in others {
            named[record.name] = record.value
            shown += "&@" + record.name + "=" + queryNumber(record.value)
        }
        return (named, shown)
    }

    /// The value `previous=@name` compares with, among `all`; nil without one.
    func comparedValue(in all: [StoredRecord]) -> Double? {
        guard let comparesWith, let record = all.dropFirst(names.count).first(where: { $0.name == comparesWith })
        else { return nil }
        // A sparkline of shares compares with the other value's share.
        return spark?.shares == true ? SparkHistory.share(record.value, of: record.max) : record.value
    }
}

extension QueryParameters {
    /// The decoded value of `name`, nil where it is absent, given twice or not UTF-8 (the parser refuses those).
    func decoded(_ name: String) -> String? { (try? value(name)) ?? nil }
}
