import { ArrayInput, SimpleFormIterator, TextInput } from 'react-admin';

/** A message's link buttons (name and URL each), as the template form and the composer take them. */
export function ButtonsInput({ source }: { source: string }) {
  return (
    <ArrayInput source={source} label="message.buttons">
      <SimpleFormIterator inline disableReordering>
        <TextInput source="name" label="message.buttonName" helperText={false} />
        <TextInput source="url" label="message.buttonUrl" helperText={false} />
      </SimpleFormIterator>
    </ArrayInput>
  );
}
