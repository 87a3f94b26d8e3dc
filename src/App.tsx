// Placeholder shell: replaced by the react-admin application.
export function App() {
  return <p>Touchline</p>;
}
