// kalends_autolayout_* and kalends_constraint_init.
import CKalends
import KalendsCore

extension LayoutConstraint {
    init(_ c: kalends_constraint) throws(KalendsError) {
        func item(_ raw: Int32, _ name: String) throws(KalendsError) -> ItemID? {
            guard raw >= 0 else { throw invalid("\(name) \(raw) is not an item id") }
            return raw == KALENDS_ITEM_NONE ? nil : ItemID(raw)
        }
        guard let first = try item(c.first_item, "first item") else { throw invalid("first item is KALENDS_ITEM_NONE") }
        let second = try item(c.second_item, "second item")
        let secondAttribute = c.second_attribute == KALENDS_ATTRIBUTE_NONE ? nil : try Attribute(checking: c.second_attribute)
        let altItem: AltConstant.Item
        switch c.alt_item {
        case KALENDS_ITEM_NONE: altItem = .none
        case KALENDS_ITEM_SCREEN: altItem = .screen
        case let raw where raw > 0: altItem = .item(ItemID(raw))
        default: throw invalid("alt item \(c.alt_item) is not an item id")
        }
        self.init(first: first, try Attribute(checking: c.first_attribute), try Relation(checking: c.relation),
                  second: second, secondAttribute, multiplier: c.multiplier, constant: c.constant,
                  alt: AltConstant(item: altItem, basis: Basis(clamping: c.alt_basis), multiplier: c.alt_multiplier),
                  priority: c.priority)
    }
}

func constraintInit() throws(KalendsError) -> kalends_constraint {
    var c = kalends_constraint()
    c.struct_size = UInt32(MemoryLayout<kalends_constraint>.size)
    c.relation = Int32(KALENDS_RELATION_EQUAL)
    c.multiplier = 1
    c.alt_basis = KALENDS_BASIS_CONSTANT
    c.alt_multiplier = 1
    c.priority = Priority.required
    return c
}

func autolayoutNew() throws(KalendsError) -> AutolayoutHandle { AutolayoutHandle() }

func autolayoutAddItem(_ layout: AutolayoutHandle, _ parent: Int32) throws(KalendsError) -> Int32 {
    guard parent >= 0 else { throw invalid("parent \(parent) is not an item id") }
    return try layout.update { (l: inout AutoLayout) throws(KalendsError) in
        try l.addItem(parent: parent == KALENDS_ITEM_NONE ? nil : ItemID(parent))
    }.rawValue
}

func autolayoutSetItemSize(_ layout: AutolayoutHandle, _ item: Int32, _ width: Double, _ height: Double) throws(KalendsError) {
    try layout.update { (l: inout AutoLayout) throws(KalendsError) in try l.setSize(Size(width: width, height: height), of: ItemID(item)) }
}

func autolayoutAddConstraint(_ layout: AutolayoutHandle, _ constraint: kalends_constraint) throws(KalendsError) -> Int32 {
    let c = try LayoutConstraint(constraint)
    return try layout.update { (l: inout AutoLayout) throws(KalendsError) in try l.add(c) }
}

func autolayoutRemoveConstraint(_ layout: AutolayoutHandle, _ constraint: Int32) throws(KalendsError) {
    try layout.update { (l: inout AutoLayout) throws(KalendsError) in try l.remove(constraint) }
}

func autolayoutConstant(_ layout: AutolayoutHandle, _ constraint: Int32) throws(KalendsError) -> Double {
    try layout.update { (l: inout AutoLayout) throws(KalendsError) in try l.constant(constraint) }
}

func autolayoutUpdateConstants(_ layout: AutolayoutHandle, _ out: ArrayOutput<kalends_constant_change>) throws(KalendsError) {
    try layout.update { (l: inout AutoLayout) throws(KalendsError) in
        try l.deliverConstantChanges { (changes) throws(KalendsError) -> Bool in
            guard let buffer = try out.commit(changes.count) else { return false }
            for (i, ch) in changes.enumerated() {
                buffer[i] = kalends_constant_change(constraint: ch.constraint, reserved: 0, old_value: ch.old, new_value: ch.new)
            }
            return true
        }
    }
}
