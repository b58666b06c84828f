// Owns the wrapping choice control: native radios in a fieldset, drawn as buttons that wrap onto lines. Arrow keys
// move the checked option (and its highlight, which is the checked state itself), and nothing is measured on mount.
import { useId } from 'react'
import classes from './option-group.module.css'

type Option<T extends string> = { value: T; label: string }

type Props<T extends string> = {
  legend: string
  options: ReadonlyArray<Option<T>>
  value: T
  onChange: (value: T) => void
}

export function OptionGroup<T extends string>({ legend, options, value, onChange }: Props<T>) {
  const name = useId()
  return (
    <fieldset className={classes.root}>
      <legend className={classes.legend}>{legend}</legend>
      {options.map((option) => (
        <label key={option.value} className={classes.option}>
          <input
            className={classes.input}
            type="radio"
            name={name}
            value={option.value}
            checked={option.value === value}
            onChange={() => onChange(option.value)}
          />
          {option.label}
        </label>
      ))}
    </fieldset>
  )
}
