package providers_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	admissionv1 "k8s.io/api/admissionregistration/v1"
	corev1 "k8s.io/api/core/v1"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/changes"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/diagnose"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/policy"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/provider"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackchecks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkechecks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/report"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// zcloud is a made-up third cloud, declared here alone: the framework's packages are not edited to
// know it. Its one rule and its one change rule are declared as any provider's rule package does.
const zcloud rules.Provider = "zcloud"

const zoneKey = "zcloud.example.com/zone"

var (
	zPort80 = rules.Uncoded(zcloud, rules.Service, "port-80", rules.Warning, rules.Details{
		Title: "Service listens on port 80",
		Cause: "The made-up controller of this test refuses port 80.",
		Fix:   "Use another port.",
		Risk:  "The listener is not created.",
		Doc:   "none (a test provider)",
		Zh:    rules.Text{Title: "Service 监听 80 端口", Cause: "本测试虚构的控制器拒绝 80 端口。", Fix: "改用其他端口。", Risk: "不会创建监听器。"},
	})
	zZoneChanged = rules.Uncoded(zcloud, rules.Service, "zone-changed", rules.Error, rules.Details{
		Title:   "zone changed after creation",
		Cause:   "The made-up controller sets the zone only when it creates the load balancer.",
		Fix:     "Keep the zone the load balancer was created in.",
		Risk:    "Every later sync fails.",
		Doc:     "none (a test provider)",
		Decides: rules.ChangeHistory,
		Change:  rules.ChangeRejected,
		Zh:      rules.Text{Title: "创建后修改了可用区", Cause: "虚构的控制器只在创建负载均衡时设置可用区。", Fix: "保留创建时的可用区。", Risk: "之后每次同步都会失败。"},
	})
)

// zProvider is the made-up cloud as one provider value: detection signals, one check, a change
// model and an admission policy.
func zProvider() provider.Provider {
	lb := func(c *checks.Context) bool {
		return c.Service != nil && c.Service.Spec.Type == corev1.ServiceTypeLoadBalancer
	}
	return provider.Provider{
		Cloud: checks.Cloud{
			Name: zcloud,
			Signals: checks.Signals{Annotations: []string{"zcloud.example.com/"},
				ProviderID: func(id string) bool { return strings.HasPrefix(id, "zcloud://") }},
			Checks: []checks.Check{{Name: "zcloud-ports", Kind: rules.Service, Provider: zcloud, Applies: lb,
				Emits: []rules.ID{zPort80}, Inputs: checks.TargetOnly, Run: func(c *checks.Context) error {
					for i, p := range c.Service.Spec.Ports {
						if p.Port == 80 {
							c.Say(zPort80, fmt.Sprintf("spec.ports[%d].port", i), words.Say("port %d", "端口 %d", p.Port))
						}
					}
					return nil
				}}},
			Changes: changes.Model{Service: func(now, after *corev1.Service) []changes.Change {
				if o, n := now.Annotations[zoneKey], after.Annotations[zoneKey]; o != n {
					return []changes.Change{{Rule: zZoneChanged, Field: "metadata.annotations[" + zoneKey + "]", Old: o, New: n,
						Says: words.Say("zone %s → %s: the controller refuses it", "可用区 %s → %s：控制器拒绝该修改", o, n)}}
				}
				return nil
			}},
		},
		Title: words.Phrase{En: "Z Cloud", Zh: "Z 云"},
		Policy: func() policy.Set {
			return policy.Set{Provider: zcloud, Annotations: []string{"zcloud.example.com/"},
				Policies: []policy.Policy{{Name: policy.Prefix + "zcloud-service", Kind: rules.Service, Rules: []policy.Covered{{Rule: zPort80,
					Validations: []policy.Validation{{Expression: "object.spec.ports.all(p, p.port != 80)"}}}}}}}
		},
	}
}

// TestThirdProvider runs a made-up cloud, built in this file alone, through the whole pipeline with
// the registry's providers: detection, its rule and its change in the report, JSON and SARIF, and
// its policy in the policy listing.
func TestThirdProvider(t *testing.T) {
	all := append(providers.All(), zProvider())
	suite := provider.Suite(all)
	batches, in, err := diagnose.Offline(snapshot.Files{Paths: []string{"testdata/TestThirdProvider/service.yaml"}, Group: snapshot.GroupFile},
		nil, "", snapshot.Selector{})
	if err != nil {
		t.Fatal(err)
	}
	if len(batches) != 1 || len(batches[0].Targets) != 1 {
		t.Fatalf("batches: %+v", batches)
	}
	snap, target := batches[0].Snap, batches[0].Targets[0]

	t.Run("detection", func(t *testing.T) {
		d := suite.DetectProvider(snap, target)
		if d.Provider != zcloud || d.ConflictCount != 0 {
			t.Fatalf("detected %q (%d conflicts), want %q", d.Provider, d.ConflictCount, zcloud)
		}
		if ev := d.Evidence.In(words.English); !strings.Contains(ev, zoneKey) {
			t.Errorf("evidence %q does not name the annotation", ev)
		}
		if c := suite.ClusterProvider(snap); c.Provider != zcloud {
			t.Errorf("cluster detected as %q, want %q from the node providerID", c.Provider, zcloud)
		}
	})

	reports, err := diagnose.All(batches, diagnose.Options{Suite: suite, Input: in})
	if err != nil {
		t.Fatal(err)
	}
	write := func(t *testing.T, f report.Format) []byte {
		var buf bytes.Buffer
		if err := report.NewWriter(&buf, f, true, false).Write(reports, true); err != nil {
			t.Fatal(err)
		}
		return buf.Bytes()
	}
	want := []string{zPort80.String(), zZoneChanged.String()}

	t.Run("report", func(t *testing.T) {
		if len(reports) != 1 {
			t.Fatalf("%d reports", len(reports))
		}
		var got []string
		for _, f := range reports[0].Findings {
			got = append(got, f.Rule.String())
		}
		for _, id := range want {
			if !slices.Contains(got, id) {
				t.Errorf("findings %v lack %s", got, id)
			}
		}
	})
	t.Run("text", func(t *testing.T) {
		out := string(write(t, report.Text))
		for _, slug := range []string{"port-80", "zone-changed"} {
			if !strings.Contains(out, slug) {
				t.Errorf("text report lacks %s:\n%s", slug, out)
			}
		}
	})
	t.Run("chinese", func(t *testing.T) {
		titles := provider.Titles(all)
		var rep, details bytes.Buffer
		w := report.NewWriter(&rep, report.Text, true, false)
		w.Lang, w.Titles = words.Chinese, titles
		if err := w.Write(reports, true); err != nil {
			t.Fatal(err)
		}
		report.WriteRuleDetails(&details, []rules.Rule{zPort80.Rule().In(words.Chinese)}, words.Chinese, titles)
		for what, out := range map[string]string{"report": rep.String(), "explain": details.String()} {
			if !strings.Contains(out, "Z 云") {
				t.Errorf("Chinese %s does not name the cloud by its title:\n%s", what, out)
			}
		}
	})
	t.Run("json", func(t *testing.T) {
		var list struct {
			Items []struct {
				Provider struct {
					Name string `json:"name"`
				} `json:"provider"`
				Findings []struct {
					Rule   string `json:"rule"`
					Change *struct {
						Old string `json:"old"`
						New string `json:"new"`
					} `json:"change"`
				} `json:"findings"`
			} `json:"items"`
		}
		raw := write(t, report.JSON)
		if err := json.Unmarshal(raw, &list); err != nil || len(list.Items) != 1 {
			t.Fatalf("json: %v\n%s", err, raw)
		}
		got := list.Items
		if got[0].Provider.Name != string(zcloud) {
			t.Errorf("JSON provider %q, want %q", got[0].Provider.Name, zcloud)
		}
		var ids []string
		changed := false
		for _, f := range got[0].Findings {
			ids = append(ids, f.Rule)
			if f.Rule == zZoneChanged.String() && f.Change != nil && f.Change.Old == "zone-a" && f.Change.New == "zone-b" {
				changed = true
			}
		}
		for _, id := range want {
			if !slices.Contains(ids, id) {
				t.Errorf("JSON findings %v lack %s", ids, id)
			}
		}
		if !changed {
			t.Errorf("JSON finding %s lacks its change zone-a → zone-b:\n%s", zZoneChanged, raw)
		}
	})
	t.Run("sarif", func(t *testing.T) {
		var log struct {
			Runs []struct {
				Tool struct {
					Driver struct {
						Rules []struct {
							ID string `json:"id"`
						} `json:"rules"`
					} `json:"driver"`
				} `json:"tool"`
				Results []struct {
					RuleID string `json:"ruleId"`
				} `json:"results"`
			} `json:"runs"`
		}
		raw := write(t, report.SARIF)
		if err := json.Unmarshal(raw, &log); err != nil || len(log.Runs) != 1 {
			t.Fatalf("sarif: %v\n%s", err, raw)
		}
		var results, defined []string
		for _, r := range log.Runs[0].Results {
			results = append(results, r.RuleID)
		}
		for _, r := range log.Runs[0].Tool.Driver.Rules {
			defined = append(defined, r.ID)
		}
		for _, id := range want {
			if !slices.Contains(results, id) || !slices.Contains(defined, id) {
				t.Errorf("SARIF results %v / rules %v lack %s", results, defined, id)
			}
		}
	})
	t.Run("policy", func(t *testing.T) {
		cat := provider.Catalog(all, suite)
		var buf bytes.Buffer
		if err := cat.WriteList(&buf, report.Text, zcloud, words.English); err != nil {
			t.Fatal(err)
		}
		var line string
		for _, l := range strings.Split(buf.String(), "\n") {
			if strings.HasPrefix(l, zPort80.String()+" ") {
				line = l
			}
		}
		if !strings.Contains(line, policy.StatusCovered.In(words.English)) || !strings.Contains(line, "lbdoctor-zcloud-service") {
			t.Errorf("policy list line of %s = %q:\n%s", zPort80, line, buf.String())
		}
		objs, err := cat.Generate(policy.Options{Providers: []rules.Provider{zcloud}, Actions: []admissionv1.ValidationAction{admissionv1.Warn}})
		if err != nil || len(objs) == 0 {
			t.Fatalf("generate: %d objects, %v", len(objs), err)
		}
	})
}

// TestRegistry: the registry's suite is the clouds checks.DefaultSuite holds for the framework's own
// tests, in the same order, each with its checks, and every provider has a title and a policy set.
func TestRegistry(t *testing.T) {
	var names []rules.Provider
	for _, p := range providers.All() {
		names = append(names, p.Name)
		if p.Title.En == "" || p.Title.Zh == "" || p.Policy == nil || len(p.Checks) == 0 {
			t.Errorf("%s: title %+v, policy set %v, %d checks", p.Name, p.Title, p.Policy != nil, len(p.Checks))
		}
	}
	var want []rules.Provider
	for _, c := range checks.NewSuite(tkechecks.Cloud(), ackchecks.Cloud()).Clouds() {
		want = append(want, c.Name)
	}
	if !slices.Equal(names, want) {
		t.Errorf("registry %v, checks.DefaultSuite %v", names, want)
	}
	if got := len(providers.Suite().Checks()); got != len(checks.NewSuite(tkechecks.Cloud(), ackchecks.Cloud()).Checks()) {
		t.Errorf("registry suite has %d checks, checks.DefaultSuite %d", got, len(checks.NewSuite(tkechecks.Cloud(), ackchecks.Cloud()).Checks()))
	}
}
