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
}
