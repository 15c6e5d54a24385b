import BenchmarkFixtures

/// The templates the load benchmarks run.
enum Screens {
    /// 1,000 labels, 20 to a row of 120 columns, each showing its own state key `vN`.
    static let stressLabels = 1_000

    static var stress: String {
        var xml = "<Column>\n"
        for row in 0..<(stressLabels / 20) {
            xml += "<Row>" + (0..<20).map { "<Label text=\"{v\(row * 20 + $0)}\" width=\"6\"/>" }.joined() + "</Row>\n"
        }
        return xml + "</Column>\n"
    }

    /// The state of the stress screen at `tick`: every label a different 4-digit number.
    static func stressValue(_ index: Int, tick: Int) -> Double {
        Double((tick &* 7_919 &+ index &* 104_729) % 10_000)
    }

    /// A small form: what an app shows while nobody types.
    static let idleForm = """
        <Column padding="1" gap="1" border="rounded" title="Form">
            <Label text="Name: {name}"/>
            <TextField text="{name}" placeholder="Your name"/>
            <Button title="Save" press="save"/>
        </Column>
        """

    /// The form with Spinners that cannot be seen or do not spin: hidden, inactive, on a
    /// page of Tabs not shown, in a dialog not presented, scrolled out of a ScrollView and
    /// of zero width.
    static let hiddenSpinners = """
        <Column padding="1" gap="1">
            <Label text="Name: {name}"/>
            <Spinner hidden="true"/>
            <Spinner active="false"/>
            <Spinner width="0"/>
            <Tabs height="3">
                <Column title="Shown"><Label text="page one"/></Column>
                <Column title="Not shown"><Spinner/></Column>
            </Tabs>
            <Modal presented="false"><Spinner/></Modal>
            <ScrollView height="3">
                <Column>
                    <Label text="1"/><Label text="2"/><Label text="3"/><Label text="4"/><Label text="5"/>
                    <Spinner/>
                </Column>
            </ScrollView>
        </Column>
        """

    /// The issue-14 grid: `count` labels in rows of ten inside a ScrollView.
    static func grid(_ count: Int, version: Int = 0) -> String {
        version == 0 ? labelGridTemplate(count: count)
            : labelGridTemplate(count: count).replacingOccurrences(of: "text=\"L0\"", with: "text=\"V\(version)\"")
    }

    /// Issue 32's F2 screen: a field, then 10,000 rows of ten labels 10% wide whose texts
    /// have 1 to 9 words (so a row's height depends on the width) in a ScrollView, then a
    /// label below it.
    static func wrappingGrid(rows: Int = 10_000) -> String {
        var xml = "<Column><TextField text=\"{typed}\" height=\"1\"/><ScrollView grow=\"1\"><Column>\n"
        xml.reserveCapacity(rows * 400)
        for row in 0..<rows {
            xml += "<Row>"
            for column in 0..<10 {
                let index = row * 10 + column, words = 1 + (index &* 7_919) % 9
                xml += "<Label width=\"10%\" text=\"L\(index)"
                for word in 0..<words { xml += " word\((index + word) % 97)" }
                xml += "\"/>"
            }
            xml += "</Row>\n"
        }
        return xml + "</Column></ScrollView><Label text=\"END {typed}\"/></Column>\n"
    }

    /// Issue 32's F3 screen: a field above a ScrollView holding one Label of state text `t`.
    static let bigLabel = """
        <Column><TextField text="{typed}" height="1"/><ScrollView grow="1"><Label text="{t}"/></ScrollView></Column>
        """

    /// The F3 text: 1.35 MB of words, CJK and emoji.
    static let bigText = String(repeating: "lorem ipsum dolor 你好 🙂 ", count: 45_000)
}
