// kalends_autolayout_* and kalends_constraint_init.
import CKalends
import KalendsCore

func autolayout(_ handle: OpaquePointer?) throws(KalendsError) -> AutoLayoutHandle {
    try HandleRegistry.shared.object(handle, kind: .autolayout, as: AutoLayoutHandle.self)
}

extension LayoutConstraint {
    static let cSize = MemoryLayout<kalends_constraint>.size

    init(_ c: kalends_constraint) throws(KalendsError) {
        try checkStructSize(c.struct_size, known: LayoutConstraint.cSize, minimum: LayoutConstraint.cSize, "kalends_constraint")
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

@_cdecl("kalends_constraint_init")
public func kalendsConstraintInit(_ constraint: UnsafeMutablePointer<kalends_constraint>?) -> kalends_status {
    status { () throws(KalendsError) in
        var c = kalends_constraint()
        c.struct_size = UInt32(LayoutConstraint.cSize)
        c.relation = Int32(KALENDS_RELATION_EQUAL)
        c.multiplier = 1
        c.alt_basis = KALENDS_BASIS_CONSTANT
        c.alt_multiplier = 1
        c.priority = Priority.required
        try required(constraint, "constraint").pointee = c
    }
}

@_cdecl("kalends_autolayout_new")
public func kalendsAutolayoutNew(_ out: UnsafeMutablePointer<OpaquePointer?>?) -> kalends_status {
    status { () throws(KalendsError) in
        let out = try required(out, "out")
        out.pointee = try HandleRegistry.shared.register(AutoLayoutHandle(), kind: .autolayout)
    }
}

@_cdecl("kalends_autolayout_add_item")
public func kalendsAutolayoutAddItem(_ handle: OpaquePointer?, _ parent: Int32, _ out: UnsafeMutablePointer<Int32>?) -> kalends_status {
    status { () throws(KalendsError) in
        let box = try autolayout(handle)
        let out = try required(out, "out")
        guard parent >= 0 else { throw invalid("parent \(parent) is not an item id") }
        let id = try box.update { (l: inout AutoLayout) throws(KalendsError) in
            try l.addItem(parent: parent == KALENDS_ITEM_NONE ? nil : ItemID(parent))
        }
        out.pointee = id.rawValue
    }
}

@_cdecl("kalends_autolayout_set_item_size")
public func kalendsAutolayoutSetItemSize(_ handle: OpaquePointer?, _ item: Int32, _ width: Double, _ height: Double) -> kalends_status {
    status { () throws(KalendsError) in
        try autolayout(handle).update { (l: inout AutoLayout) throws(KalendsError) in
            try l.setSize(Size(width: width, height: height), of: ItemID(item))
        }
    }
}

@_cdecl("kalends_autolayout_add_constraint")
public func kalendsAutolayoutAddConstraint(_ handle: OpaquePointer?, _ constraint: UnsafePointer<kalends_constraint>?,
                                           _ out: UnsafeMutablePointer<Int32>?) -> kalends_status {
    status { () throws(KalendsError) in
        let box = try autolayout(handle)
        let c = try LayoutConstraint(try required(constraint, "constraint"))
        let out = try required(out, "out")
        out.pointee = try box.update { (l: inout AutoLayout) throws(KalendsError) in try l.add(c) }
    }
}

@_cdecl("kalends_autolayout_remove_constraint")
public func kalendsAutolayoutRemoveConstraint(_ handle: OpaquePointer?, _ constraint: Int32) -> kalends_status {
    status { () throws(KalendsError) in
        try autolayout(handle).update { (l: inout AutoLayout) throws(KalendsError) in try l.remove(constraint) }
    }
}

@_cdecl("kalends_autolayout_constant")
public func kalendsAutolayoutConstant(_ handle: OpaquePointer?, _ constraint: Int32, _ out: UnsafeMutablePointer<Double>?) -> kalends_status {
    status { () throws(KalendsError) in
        let box = try autolayout(handle)
        let out = try required(out, "out")
        out.pointee = try box.update { (l: inout AutoLayout) throws(KalendsError) in try l.constant(constraint) }
    }
}

@_cdecl("kalends_autolayout_update_constants")
public func kalendsAutolayoutUpdateConstants(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<kalends_constant_change>?,
                                             _ capacity: Int32, _ count: UnsafeMutablePointer<Int32>?) -> kalends_status {
    status { () throws(KalendsError) in
        try autolayout(handle).update { (l: inout AutoLayout) throws(KalendsError) in
            let changes = l.pendingConstantChanges()
            var written = false
            if let buffer = try ArrayOutput(out, capacity, count).commit(changes.count) {
                for (i, ch) in changes.enumerated() {
                    buffer[i] = kalends_constant_change(constraint: ch.constraint, reserved: 0, old_value: ch.old, new_value: ch.new)
                }
                written = true
            }
            if written || changes.isEmpty { _ = l.updateConstants() }   // reported only once they were delivered
        }
    }
}
