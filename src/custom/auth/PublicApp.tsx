export function PublicApp() {
  return <p>placeholder</p>;
}
