package cloudread

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tencentcloud/tencentcloud-sdk-go/tencentcloud/common/regions"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/yaml"
)

func node(providerID string, labels map[string]string) *corev1.Node {
	return &corev1.Node{ObjectMeta: metav1.ObjectMeta{Labels: labels}, Spec: corev1.NodeSpec{ProviderID: providerID}}
}

func TestRegionFromNodes(t *testing.T) {
	tests := []struct {
		name  string
		nodes []*corev1.Node
		want  string // "" is none
	}{
		{"numeric zone in providerID", []*corev1.Node{node("qcloud:///100003/ins-1", nil)}, "ap-guangzhou"},
		{"beijing zone", []*corev1.Node{node("qcloud:///800005/ins-2jv4wpmr", nil)}, "ap-beijing"},
		{"shanghai zone", []*corev1.Node{node("qcloud:///200002/ins-1", nil)}, "ap-shanghai"},
		{"two-digit prefix", []*corev1.Node{node("qcloud:///330001/ins-1", nil)}, "ap-nanjing"},
		{"finance zone", []*corev1.Node{node("qcloud:///700003/ins-1", nil)}, "ap-shanghai-fsi"},
		{"named zone in providerID", []*corev1.Node{node("qcloud:///ap-guangzhou-3/ins-1", nil)}, "ap-guangzhou"},
		{"named finance zone", []*corev1.Node{node("qcloud:///ap-shenzhen-fsi-2/ins-1", nil)}, "ap-shenzhen-fsi"},
		{"short region label", []*corev1.Node{node("", map[string]string{labelRegion: "gz"})}, "ap-guangzhou"},
		{"full region label", []*corev1.Node{node("", map[string]string{labelRegion: "ap-singapore"})}, "ap-singapore"},
		{"legacy region label", []*corev1.Node{node("", map[string]string{labelRegionLegacy: "sh"})}, "ap-shanghai"},
		{"label before providerID", []*corev1.Node{node("qcloud:///100003/ins-1", map[string]string{labelRegion: "bj"})}, "ap-beijing"},
		{"zone label when nothing else", []*corev1.Node{node("", map[string]string{labelZone: "300002"})}, "ap-hongkong"},
		{"unknown prefix is not guessed", []*corev1.Node{node("qcloud:///990001/ins-1", nil)}, ""},
		{"unknown short code is not guessed", []*corev1.Node{node("", map[string]string{labelRegion: "xx"})}, ""},
		{"not a Tencent node", []*corev1.Node{node("alicloud://cn-hangzhou.i-bp1", map[string]string{labelRegion: "cn-hangzhou"})}, ""},
		{"no nodes", nil, ""},
		{"majority wins", []*corev1.Node{node("qcloud:///800001/a", nil), node("qcloud:///100003/b", nil), node("qcloud:///100004/c", nil)}, "ap-guangzhou"},
		{"tie goes to the first name", []*corev1.Node{node("qcloud:///800001/a", nil), node("qcloud:///100003/b", nil)}, "ap-beijing"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := RegionFromNodes(tt.nodes)
			if got != tt.want || ok != (tt.want != "") {
				t.Errorf("RegionFromNodes = %q, %v; want %q", got, ok, tt.want)
			}
		})
	}
}

// TestRegionFromCorpusNodes reads the nodes of TKE clusters in test/corpus.
func TestRegionFromCorpusNodes(t *testing.T) {
	for file, want := range map[string]string{
		"021-plain-lb-on-tke-node.yaml":            "ap-hongkong",
		"020-controller-written-service.yaml":      "ap-guangzhou",
		"033-nginx-direct-access-without-eni.yaml": "ap-guangzhou",
	} {
		t.Run(file, func(t *testing.T) {
			nodes := corpusNodes(t, filepath.Join("..", "..", "..", "..", "test", "corpus", "tke", file))
			if len(nodes) == 0 {
				t.Fatal("no nodes in the file")
			}
			if got, ok := RegionFromNodes(nodes); !ok || got != want {
				t.Errorf("RegionFromNodes = %q, %v; want %q", got, ok, want)
			}
			// The providerID alone says the same as the labels.
			for _, n := range nodes {
				n.Labels = nil
			}
			if got, _ := RegionFromNodes(nodes); got != want {
				t.Errorf("from providerIDs alone: %q, want %q", got, want)
			}
		})
	}
}

func corpusNodes(t *testing.T, path string) []*corev1.Node {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []*corev1.Node
	for _, doc := range bytes.Split(b, []byte("\n---")) {
		var meta metav1.TypeMeta
		if yaml.Unmarshal(doc, &meta) != nil || meta.Kind != "Node" {
			continue
		}
		var n corev1.Node
		if err := yaml.Unmarshal(doc, &n); err != nil {
			t.Fatal(err)
		}
		out = append(out, &n)
	}
	return out
}

func TestResolveRegion(t *testing.T) {
	nodes := []*corev1.Node{node("qcloud:///100003/ins-1", nil)}
	env := func(v string) func(string) string {
		return func(k string) string {
			if k == EnvRegion {
				return v
			}
			return ""
		}
	}
	tests := []struct {
		name, explicit   string
		nodes            []*corev1.Node
		getenv           func(string) string
		want, wantSource string
	}{
		{"explicit wins", "ap-beijing", nodes, env("ap-shanghai"), "ap-beijing", RegionFromFlag},
		{"nodes before the environment", "", nodes, env("ap-shanghai"), "ap-guangzhou", RegionFromNode},
		{"environment last", "", nil, env("ap-shanghai"), "ap-shanghai", RegionFromEnvVar},
		{"none", "", nil, env(""), "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, src, ok := ResolveRegion(tt.explicit, tt.nodes, tt.getenv)
			if got != tt.want || src != tt.wantSource || ok != (tt.want != "") {
				t.Errorf("ResolveRegion = %q %q %v, want %q %q", got, src, ok, tt.want, tt.wantSource)
			}
		})
	}
}

// TestRegionEveryZone reads a node in every zone of every Tencent Cloud region, as its providerID
// and as its zone label carry it, named or numeric.
func TestRegionEveryZone(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", t.Name(), "tencent.txt"))
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(data), "\n") {
		f := strings.Fields(line)
		if len(f) < 2 || strings.HasPrefix(f[0], "#") {
			continue
		}
		region := f[0]
		t.Run(region, func(t *testing.T) {
			if got := regionOfLabel(region); got != region {
				t.Errorf("region label %q read as %q", region, got)
			}
			for _, zone := range f[1:] {
				for _, n := range []*corev1.Node{node("qcloud:///"+zone+"/ins-1", nil), node("", map[string]string{labelZone: zone})} {
					if got, _ := RegionFromNodes([]*corev1.Node{n}); got != region {
						t.Errorf("zone %s (providerID %q, labels %v) read as region %q", zone, n.Spec.ProviderID, n.Labels, got)
					}
				}
			}
		})
	}
}

// TestRegionEveryZoneCoversSDK: every region the Tencent Cloud SDK names has a line in
// TestRegionEveryZone's table, so no region of the vendor's list goes untested.
func TestRegionEveryZoneCoversSDK(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "TestRegionEveryZone", "tencent.txt"))
	if err != nil {
		t.Fatal(err)
	}
	listed := map[string]bool{}
	for _, line := range strings.Split(string(data), "\n") {
		if f := strings.Fields(line); len(f) > 0 && !strings.HasPrefix(f[0], "#") {
			listed[f[0]] = true
		}
	}
	for _, r := range []string{
		regions.Bangkok, regions.Beijing, regions.Chengdu, regions.Chongqing, regions.Guangzhou,
		regions.GuangzhouOpen, regions.HongKong, regions.Jakarta, regions.Mumbai, regions.Seoul,
		regions.Shanghai, regions.Nanjing, regions.ShanghaiFSI, regions.ShenzhenFSI, regions.Singapore,
		regions.Tokyo, regions.Frankfurt, regions.Moscow, regions.Ashburn, regions.SiliconValley,
		regions.Toronto, regions.SaoPaulo,
	} {
		t.Run(r, func(t *testing.T) {
			if !listed[r] {
				t.Errorf("region %s of the SDK has no line in the zone table", r)
			}
		})
	}
}

// TestUnconfirmedZonePrefixes: numeric zone ids whose prefix no Tencent material pairs with a
// region are not guessed.
func TestUnconfirmedZonePrefixes(t *testing.T) {
	for _, zone := range []string{"220001", "230001", "250001", "720001", "2100080001"} {
		t.Run(zone, func(t *testing.T) {
			if got, ok := RegionFromNodes([]*corev1.Node{node("qcloud:///"+zone+"/ins-1", nil)}); ok {
				t.Errorf("zone %s read as region %q", zone, got)
			}
		})
	}
}
