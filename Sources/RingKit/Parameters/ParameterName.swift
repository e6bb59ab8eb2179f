/// The name of a query parameter some spec reads, so one `ParameterReader` serves rings and badges alike.
protocol ParameterName: RawRepresentable where RawValue == String {}

extension RingParameter: ParameterName {}
