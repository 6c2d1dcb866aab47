import Testing
@testable import KalendsCore

/// SlotTable (the store's id -> slot map, whose buckets hold slots and read each slot's
/// id from the store's ids) against a Dictionary on random operations: inserts (a
/// present id refused, its slot returned), removals (backward shifts across the
/// wrap-around), lookups of absent ids, growth from empty and after reserveCapacity,
/// slots renamed after the store moves its events.
@Suite struct SlotTableTests {
    @Test(arguments: [UInt64(1), 2, 3, 4])
    func randomOperationsAgreeWithADictionary(seed: UInt64) {
        var rng = SplitMix(seed)
        var table = SlotTable(), oracle: [Int64: Int32] = [:]
        var ids: [Int64] = []                       // the store's ids by slot
        if seed % 2 == 0 { table.reserveCapacity(3000, ids: ids) }
        // few distinct ids (clustered: many collisions, removals inside runs) or spread ones
        let idRange: UInt64 = seed <= 2 ? 4000 : UInt64.max
        for _ in 0..<40_000 {
            let id = Int64(bitPattern: rng.next() % idRange) &- (seed <= 2 ? 2000 : 0)
            switch rng.next() % 10 {
            case 0...4:
                ids.append(id)
                let slot = Int32(ids.count - 1)
                let existing = oracle[id]
                #expect(table.insert(slot, ids: ids) == existing)
                if existing == nil { oracle[id] = slot }
            case 5...7:
                #expect(table.remove(id, ids: ids) == oracle.removeValue(forKey: id))
            default:
                #expect(table.slot(of: id, ids: ids) == oracle[id])
            }
            #expect(table.count == oracle.count)
        }
        for (id, v) in oracle { #expect(table.slot(of: id, ids: ids) == v) }
        #expect(Set(table.slots) == Set(oracle.values) && table.slots.count == oracle.count)
        // the events move (reversed): the same ids find their new slots
        let newSlot = (0..<Int32(ids.count)).map { Int32(ids.count) - 1 - $0 }
        ids.reverse()
        table.renameSlots(newSlot)
        for (id, v) in oracle { #expect(table.slot(of: id, ids: ids) == newSlot[Int(v)]) }
        for (id, _) in oracle { table.remove(id, ids: ids) }
        #expect(table.isEmpty && table.slots.isEmpty && table.slot(of: 0, ids: ids) == nil)
    }
}
