package jsonvalue

import (
	"fmt"
	"strings"
	"testing"
)

// BenchmarkRead reads a list of 100 CronTabs, as a ConversionReview
// brings them; impl=slow is the path the Reader stands in for,
// encoding/json with UseNumber then ParseInt or ParseFloat, for benchstat.
func BenchmarkRead(b *testing.B) {
	objects := make([]string, 100)
	for i := range objects {
		objects[i] = fmt.Sprintf(`{"apiVersion":"stable.example.com/v1beta1","kind":"CronTab","metadata":{"name":"c%d","namespace":"ns","uid":"%d","labels":{"app":"x"}},"spec":{"cronSpec":"*/5 * * * *","image":"busybox","replicas":%d,"ratio":%d.5}}`, i, i, i, i)
	}
	data := []byte("[" + strings.Join(objects, ",") + "]")
	b.Run("impl=reader", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(data)))
		var r Reader
		for b.Loop() {
			if _, ok := r.Read(data); !ok {
				b.Fatal("Read refused the list")
			}
			r.Reset(1 << 10)
		}
	})
	b.Run("impl=slow", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(data)))
		for b.Loop() {
			if _, err := Unmarshal(data); err != nil {
				b.Fatal(err)
			}
		}
	})
}
