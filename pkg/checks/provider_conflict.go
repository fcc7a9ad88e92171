package checks

import (
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// checkProviderConflict reports a target whose evidence points to both clouds, as one finding at the
// strongest contradicting signal.
func checkProviderConflict(c *Context) error {
	d := c.suite.DetectProvider(c.Snap, c.Target)
	if d.ConflictCount == 0 {
		return nil
	}
	id := rules.GenericServiceProviderConflict
	if c.Target.Kind == snapshot.KindIngress {
		id = rules.GenericIngressProviderConflict
	}
	shown := make([]words.Words, 0, len(d.Conflicts))
	for _, s := range d.Conflicts {
		shown = append(shown, s.Text)
	}
	list := ListWords(shown, len(shown))
	if more := d.ConflictCount - len(shown); more > 0 {
		list = words.Say("%[1]s and %[2]d more", "%[1]s 等 %[3]d 项", list, more, d.ConflictCount)
	}
	c.Say(id, d.Conflicts[0].Path, words.Say("the evidence decides %s (%s), but %d signal(s) point to %s: %s",
		"依据判定为 %s（%s），但有 %d 个迹象指向 %s：%s",
		d.Provider, d.Evidence, d.ConflictCount, d.Conflicts[0].Provider, list))
	return nil
}
