import Testing
@testable import KalendsCore

/// SlotTable (the store's id -> slot map) against a Dictionary on random operations:
/// inserts, replacements, removals (backward shifts across the wrap-around), lookups
/// of absent ids, growth from empty and after reserveCapacity.
@Suite struct SlotTableTests {
    @Test(arguments: [UInt64(1), 2, 3, 4])
    func randomOperationsAgreeWithADictionary(seed: UInt64) {
        var rng = SplitMix(seed)
        var table = SlotTable(), oracle: [Int64: Int32] = [:]
        if seed % 2 == 0 { table.reserveCapacity(3000) }
        // few distinct ids (clustered: many collisions, removals inside runs) or spread ones
        let idRange: UInt64 = seed <= 2 ? 4000 : UInt64.max
        for step in 0..<40_000 {
            let id = Int64(bitPattern: rng.next() % idRange) &- (seed <= 2 ? 2000 : 0)
            switch rng.next() % 10 {
            case 0...4:
                let v = Int32(truncatingIfNeeded: step)
                #expect(table.updateValue(v, forKey: id) == oracle.updateValue(v, forKey: id))
            case 5...7:
                #expect(table.removeValue(forKey: id) == oracle.removeValue(forKey: id))
            default:
                #expect(table[id] == oracle[id])
            }
            #expect(table.count == oracle.count)
        }
        for (id, v) in oracle { #expect(table[id] == v) }
        #expect(Set(table.ids) == Set(oracle.keys) && table.ids.count == oracle.count)
        for (id, _) in oracle { table[id] = nil }
        #expect(table.isEmpty && table.ids.isEmpty && table[0] == nil)
    }
}
