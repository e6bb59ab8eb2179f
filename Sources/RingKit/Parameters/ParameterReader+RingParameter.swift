extension ParameterReader {
    // The ring's parameters by their case names (`reader.number(.min)`); the readers themselves take any
    // `ParameterName`, so badges share their grammar and messages.

    func number(_ parameter: RingParameter) throws(ParameterError) -> Given? { try number(of: parameter) }

    func number(_ parameter: RingParameter, accepted: @autoclosure () -> String) throws(ParameterError) -> Given? {
        try number(of: parameter, accepted: accepted())
    }

    func number(
        _ parameter: RingParameter, in range: ClosedRange<Double>, note: @autoclosure () -> String = ""
    ) throws(ParameterError)
        -> Given?
    {
        try number(of: parameter, in: range, note: note())
    }

    func integer(_ parameter: RingParameter, in range: ClosedRange<Int>) throws(ParameterError) -> Int? {
        try integer(of: parameter, in: range)
    }

    func color(_ parameter: RingParameter) throws(ParameterError) -> RGBAColor? { try color(of: parameter) }

    func colorOrNone(_ parameter: RingParameter) throws(ParameterError) -> RGBAColor?? {
        try colorOrNone(of: parameter)
    }

    func keyword<Keyword: RawRepresentable & CaseIterable>(
        _ parameter: RingParameter, as type: Keyword.Type
    )
        throws(ParameterError) -> Keyword? where Keyword.RawValue == String
    {
        try keyword(of: parameter, as: type)
    }

    func text(_ parameter: RingParameter, maximumLength: Int, allowsEmpty: Bool) throws(ParameterError) -> String? {
        try text(of: parameter, maximumLength: maximumLength, allowsEmpty: allowsEmpty)
    }
}
