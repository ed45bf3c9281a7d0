/// Hands a value that is not `Sendable` to one other thread. Safe only as these tests use it:
import TestFixtures
/// the test thread does not touch the value again until that thread has signalled that it is
/// done with it.
final class HandOver<Value>: @unchecked Sendable {
    let value: Value

    init(_ value: Value) {
        self.value = value
    }
}
