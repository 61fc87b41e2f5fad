// No loader, no data: a heading and eight list items.
const ITEMS = Array.from({ length: 8 }, (_, i) => `Item ${i + 1}`);

export function meta() {
  return [{ title: "Bare React Router floor" }];
}

export default function Home() {
  return (
    <main>
      <h1>Bare React Router floor</h1>
      <ul>
        {ITEMS.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </main>
  );
}
